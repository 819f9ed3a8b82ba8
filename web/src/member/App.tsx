import { lazy, Suspense, useEffect, useState } from "react";
import { Toaster } from "../ui/feedback/Toaster.tsx";
import { MEMBER_SIGNED_OUT, memberSession } from "./memberApi.ts";
import { usePlace } from "./router.ts";
import { SignIn } from "./SignIn.tsx";
import { Loading } from "./parts.tsx";

const SignedIn = lazy(() => import("./SignedIn.tsx"));

/** The member H5: signed in first (every member route needs it), then the screen of the address. */
export function App() {
  const [signedIn, setSignedIn] = useState(() => !!memberSession.token);
  const place = usePlace();
  useEffect(() => {
    const out = () => setSignedIn(false);
    window.addEventListener(MEMBER_SIGNED_OUT, out);
    return () => window.removeEventListener(MEMBER_SIGNED_OUT, out);
  }, []);
  // In braces: newer browsers' scrollTo answers a promise, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [place.path]);
  return (
    <div className="mx-auto min-h-dvh max-w-[430px] bg-slate-100">
      {signedIn ? (
        <Suspense fallback={<Loading />}>
          <SignedIn place={place} />
        </Suspense>
      ) : (
        <SignIn onSignedIn={() => setSignedIn(true)} />
      )}
      <Toaster place="bottom" />
    </div>
  );
}
