import { useEffect, useState } from "react";

const SLIDE_MS = 8000;

/** The tenant's background images, slowly cross-fading; the login colour when it has none. */
export function LoginBackground({ images }: { images: string[] }) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (images.length < 2) return;
    const t = setInterval(() => setShown((i) => (i + 1) % images.length), SLIDE_MS);
    return () => clearInterval(t);
  }, [images.length]);

  return (
    <div aria-hidden className="absolute inset-0 overflow-hidden bg-(--xy-login)">
      {images.length === 0 ? (
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,rgba(255,255,255,0.16),transparent_55%),radial-gradient(ellipse_at_bottom_right,rgba(0,0,0,0.35),transparent_60%)]" />
      ) : (
        images.map((src, i) => (
          <img key={src} src={src} alt="" className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-1000 ${i === shown ? "opacity-100" : "opacity-0"}`} />
        ))
      )}
      <div className="absolute inset-0 bg-black/20" />
    </div>
  );
}
