import "./style.css";

/**
 * The public website's script (spec 002 "Public website"; R595–R606). Every page arrives complete
 * from the content Lambda (packages/functions/src/content/sitePage.ts: home, lists, single pages,
 * articles, 404), laid out for a phone or a desktop by CSS alone; this script only adds behaviour to
 * what is there and never redraws it: the carousel turns (R597), and the portal's code is kept
 * (R606). Links are plain links: each page is a small cached HTML document. docs/content.md tells
 * the whole design.
 */

/** R597: the carousel turns every 8 s. */
const SLIDE_MS = 8000;
const PORTAL_KEY = "xy.portal";
/** R595: the desktop layout over 800 px (the stylesheet's breakpoint). */
const desktop = window.matchMedia("(min-width: 801px)");
const still = window.matchMedia("(prefers-reduced-motion: reduce)");

/** R606: the portal's code is kept in local storage (the page names it: the server found it by the site's host). */
function keepPortal() {
  const code = document.body.dataset.portal;
  try {
    if (code) localStorage.setItem(PORTAL_KEY, code);
  } catch {
    // Storage may be refused (private mode): the page works without it.
  }
}

/**
 * R597: two news a slide on a desktop, one on a phone. The slides sit side by side in a track the
 * visitor can swipe; arrows, dots and the timer scroll it a group at a time. The markup is the
 * server's; only the track's scroll position and the current dot change.
 */
function carousel(root: HTMLElement) {
  const track = root.querySelector<HTMLElement>(".track");
  const dots = Array.from(root.querySelectorAll<HTMLButtonElement>(".dots button"));
  if (!track || track.children.length < 2) return;
  const slides = Array.from(track.children) as HTMLElement[];
  const per = () => (desktop.matches ? 2 : 1);
  const groups = () => Math.ceil(slides.length / per());
  let index = 0;
  let timer: number | undefined;

  /**
   * Only the first slide's picture loads with the page; the others are lazy (sitePage.ts
   * carousel). A group's pictures are asked for before it is shown — the next group as soon as
   * one is shown, 8 s ahead of the timer — so a turn never shows an empty box.
   */
  const warm = (g: number) => {
    const n = groups();
    const from = (((g % n) + n) % n) * per();
    for (const slide of slides.slice(from, from + per())) slide.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => (img.loading = "eager"));
  };

  const mark = (i: number) => {
    index = i;
    warm(i + 1);
    dots.forEach((d, n) => {
      const on = n === i * per();
      d.classList.toggle("on", on);
      if (on) d.setAttribute("aria-current", "true");
      else d.removeAttribute("aria-current");
    });
  };
  const go = (i: number) => {
    const n = groups();
    const target = ((i % n) + n) % n;
    warm(target);
    const left = slides[target * per()]!.offsetLeft - slides[0]!.offsetLeft;
    track.scrollTo({ left, behavior: still.matches ? "auto" : "smooth" });
    mark(target);
  };
  const restart = () => {
    window.clearInterval(timer);
    timer = window.setInterval(() => {
      if (!document.hidden) go(index + 1);
    }, SLIDE_MS);
  };

  root.addEventListener("click", (e) => {
    const t = (e.target as HTMLElement).closest("button");
    if (!t) return;
    if (t.classList.contains("prev")) go(index - 1);
    else if (t.classList.contains("next")) go(index + 1);
    else if (t.dataset.i) go(Math.floor(Number(t.dataset.i) / per()));
    restart();
  });
  // A swipe moves the track itself: the dots follow where it came to rest.
  let settle: number | undefined;
  track.addEventListener(
    "scroll",
    () => {
      window.clearTimeout(settle);
      settle = window.setTimeout(() => {
        const width = slides[1]!.offsetLeft - slides[0]!.offsetLeft;
        if (width > 0) mark(Math.min(groups() - 1, Math.round(track.scrollLeft / width / per())));
      }, 120);
    },
    { passive: true },
  );
  // Crossing 800 px changes the slides a group holds: keep the first slide shown in view.
  desktop.addEventListener("change", () => go(Math.floor((index * (desktop.matches ? 1 : 2)) / per())));
  root.addEventListener("pointerenter", () => window.clearInterval(timer));
  root.addEventListener("pointerleave", restart);
  restart();
  // The next group once the page's own pictures are in, so it never competes with the first slide.
  if (document.readyState === "complete") warm(1);
  else window.addEventListener("load", () => warm(index + 1), { once: true });
}

document.querySelectorAll<HTMLElement>(".carousel").forEach(carousel);
// The first use of localStorage in a page loads it synchronously from the browser (a long task on a
// slow phone, measured by Lighthouse even when deferred to an idle moment): the code is kept as the
// visitor leaves the page, so the page's load never pays for it.
window.addEventListener("pagehide", keepPortal);
