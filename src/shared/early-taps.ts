/**
 * Taps that come before a button's code has loaded (issue 23, item 7): on a slow phone the page shows
 * «В корзину» a second or more before the island or the cards' script can answer it. The layout's inline
 * script {@link EARLY_TAP_SCRIPT}, run before the body is parsed, catches a click on any element marked
 * `data-early-tap` whose code is not ready yet, keeps it in `window.__earlyTaps`, and marks the button as
 * waiting (`aria-busy`, class `is-waiting`); once ready, the code takes its taps back and replays them
 * (`browser/early-taps.ts`). A button is ready when it carries `data-tap-ready` (an island sets it after
 * hydrating) or its kind is in `window.__tapReady` (a page script that serves every page's buttons).
 *
 * The page's CSP allows exactly this text, by its hash (astro.config.mjs), so a change to it is a change of
 * the policy too.
 */
export const EARLY_TAP_SCRIPT =
  'if(!window.__earlyTaps){window.__earlyTaps=[];window.__tapReady={};' +
  "document.addEventListener('click',function(e){var t=e.target,b=t&&t.closest?t.closest('[data-early-tap]'):null;" +
  "if(!b||b.disabled||b.hasAttribute('data-tap-ready')||window.__tapReady[b.getAttribute('data-early-tap')])return;" +
  "e.preventDefault();e.stopImmediatePropagation();window.__earlyTaps.push(b);b.setAttribute('aria-busy','true');" +
  "b.classList.add('is-waiting')},true)}";
