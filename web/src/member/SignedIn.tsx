import { Suspense, useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "../lib/query.ts";
import { match, type Place } from "./router.ts";
import { SCREENS } from "./screens.ts";
import { Empty, Loading, ScreenBar } from "./parts.tsx";

/**
 * The signed-in member's screens, with the query client they read through. Loaded after the
 * first paint (App.tsx): the sign-in page needs neither, so the H5's first load stays small.
 */
export default function SignedIn({ place }: { place: Place }) {
  const [client] = useState(createQueryClient);
  const found = SCREENS.map((s) => ({ s, params: match(s.pattern, place.path) })).find((f) => f.params);
  return (
    <QueryClientProvider client={client}>
      {found ? (
        <Suspense fallback={<Loading />}>
          <found.s.screen params={found.params!} query={place.query} />
        </Suspense>
      ) : (
        <>
          <ScreenBar title="页面不存在" />
          <Empty text="页面不存在或已下线" />
        </>
      )}
    </QueryClientProvider>
  );
}
