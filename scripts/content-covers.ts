/**
 * `node scripts/content-covers.ts`: writes the 1200×630 SVG covers of the demo articles, news, pages,
 * courses and vacancies into public/images/content/. Flat shapes only: no text, fonts or raster data.
 * The same script always writes the same files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT_DIR = fileURLToPath(new URL('../public/images/content/', import.meta.url));
const MAX_BYTES = 6 * 1024;

interface Palette {
  /** Background gradient, top left to bottom right. */
  from: string;
  to: string;
  /** Main colour of the motif, its darker shade and an accent. */
  main: string;
  dark: string;
  accent: string;
}

/** A motif drawn in a 600×600 box around (300, 300), placed at (x, y) of the cover. */
const place = (x: number, y: number, scale: number, rotate: number, body: string): string =>
  `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale}) translate(-300 -300)">${body}</g>`;

const GREY = '#a3b1c2';
const STEEL = '#64748b';
const LINE = '#cbd5e1';

const tooth = (fill = '#fff', stroke = LINE): string =>
  `<path d="M200 150C200 110 240 95 270 110C285 118 315 118 330 110C360 95 400 110 400 150C400 200 390 235 380 270C372 300 370 350 ` +
  `360 420C355 455 330 460 322 425L305 340C302 328 298 328 295 340L278 425C270 460 245 455 240 420C230 350 228 300 220 270C210 235 200 ` +
  `200 200 150Z" fill="${fill}" stroke="${stroke}" stroke-width="6"/>`;

const drop = (x: number, y: number, r: number, fill: string, opacity = 1): string =>
  `<path transform="translate(${x} ${y}) scale(${r})" d="M0-1.7C.6-.8 1-.3 1 .3A1 1 0 0 1-1 .3C-1-.3-.6-.8 0-1.7Z" fill="${fill}"` +
  `${opacity < 1 ? ` opacity="${opacity}"` : ''}/>`;

const sparkle = (x: number, y: number, r: number, fill: string): string =>
  `<path transform="translate(${x} ${y}) scale(${r})" d="M0-1Q.15-.15 1 0Q.15 .15 0 1Q-.15 .15-1 0Q-.15-.15 0-1Z" fill="${fill}"/>`;

const endoFile = (handle: string): string =>
  `<rect x="268" y="86" width="64" height="118" rx="16" fill="${handle}"/><rect x="268" y="120" width="64" height="8" fill="#000" opacity=".15"/>` +
  `<rect x="268" y="150" width="64" height="8" fill="#000" opacity=".15"/><rect x="284" y="202" width="32" height="26" fill="${LINE}"/>` +
  `<path d="M290 228h20l-9 282h-2z" fill="${GREY}"/><path d="M291 262l18 10M292 302l17 10M293 342l15 10M294 382l14 10M296 422l11 10" ` +
  'stroke="#fff" stroke-width="4"/><ellipse cx="300" cy="246" rx="24" ry="9" fill="#fff" opacity=".8"/>';

const syringe = (liquid: string): string =>
  `<rect x="255" y="56" width="90" height="14" rx="7" fill="${STEEL}"/><rect x="292" y="66" width="16" height="90" fill="${GREY}"/>` +
  `<rect x="228" y="128" width="144" height="14" rx="7" fill="${STEEL}"/><rect x="260" y="140" width="80" height="240" rx="10" fill="#fff" ` +
  `stroke="${LINE}" stroke-width="4"/><rect x="266" y="230" width="68" height="144" rx="6" fill="${liquid}"/>` +
  `<path d="M264 180h20M264 210h20M264 240h20M264 270h20M264 300h20" stroke="${GREY}" stroke-width="4"/>` +
  `<path d="M282 380h36l-8 32h-20z" fill="${LINE}"/><rect x="297" y="410" width="6" height="120" rx="3" fill="${GREY}"/>`;

const bottle = (body: string, cap: string): string =>
  `<rect x="236" y="220" width="128" height="210" rx="22" fill="${body}"/><rect x="256" y="290" width="88" height="70" rx="10" fill="#fff" ` +
  `opacity=".85"/><rect x="272" y="312" width="56" height="10" rx="5" fill="${cap}"/><rect x="272" y="332" width="36" height="8" rx="4" ` +
  `fill="${LINE}"/><rect x="262" y="160" width="76" height="66" rx="10" fill="${cap}"/><path d="M286 160l6-40h16l6 40z" fill="${cap}"/>`;

const brush = (tip: string): string =>
  `<rect x="296" y="120" width="8" height="300" rx="4" fill="${LINE}"/><circle cx="300" cy="116" r="14" fill="${tip}"/>`;

const implant = (crown: string, accent: string): string =>
  `<rect x="130" y="300" width="340" height="240" rx="36" fill="#efe2c6"/><path d="M130 336q0-50 50-50h240q50 0 50 50v18H130z" ` +
  `fill="#f3b3b0"/><path d="M264 300h72l-10 190q-26 28-52 0z" fill="${GREY}"/><path d="M258 322h84M260 352h80M262 382h76M264 412h72` +
  `M267 442h66M270 472h58" stroke="${STEEL}" stroke-width="12" stroke-linecap="round"/><path d="M276 232h48l8 70h-64z" fill="${accent}"/>` +
  `<path d="M236 238C226 180 248 136 280 148C292 152 308 152 320 148C352 136 374 180 364 238Z" fill="${crown}" stroke="${LINE}" ` +
  'stroke-width="5"/>';

const shadeGuide = (holder: string): string => {
  const shades = ['#faf4e6', '#f4ead3', '#eedfc0', '#e6d2aa', '#dcc394', '#cfb27f'];
  return shades
    .map((c, i) => {
      const x = 120 + i * 62;
      return (
        `<rect x="${x}" y="170" width="46" height="70" rx="8" fill="${holder}"/><path d="M${x + 4} 236h38v90q0 40-19 40t-19-40z" ` +
        `fill="${c}" stroke="${LINE}" stroke-width="3"/>`
      );
    })
    .join('');
};

const compule = (body: string, cap: string): string =>
  `<rect x="130" y="262" width="260" height="76" rx="16" fill="${body}"/><rect x="150" y="282" width="130" height="14" rx="7" fill="#fff" ` +
  `opacity=".8"/><rect x="388" y="270" width="40" height="60" fill="${cap}"/><path d="M428 280l60 12v16l-60 12z" fill="${cap}"/>` +
  `<rect x="96" y="274" width="40" height="52" rx="8" fill="${STEEL}"/>`;

const rubberDam = (sheet: string, frame: string): string =>
  `<rect x="130" y="130" width="340" height="340" rx="24" fill="${sheet}"/><path d="M110 120v300q0 70 70 70h240q70 0 70-70V120" ` +
  `stroke="${frame}" stroke-width="14" fill="none" stroke-linecap="round"/><circle cx="190" cy="200" r="8" fill="#fff" opacity=".6"/>` +
  `<circle cx="410" cy="200" r="8" fill="#fff" opacity=".6"/><circle cx="190" cy="400" r="8" fill="#fff" opacity=".6"/>` +
  `<circle cx="410" cy="400" r="8" fill="#fff" opacity=".6"/><path d="M240 330C232 280 250 236 280 248C292 252 308 252 320 248C350 236 368 ` +
  `280 360 330Z" fill="#fff" stroke="${LINE}" stroke-width="5"/><path d="M228 330q72 40 144 0" stroke="${GREY}" stroke-width="12" ` +
  `fill="none"/><circle cx="222" cy="322" r="14" fill="${STEEL}"/><circle cx="378" cy="322" r="14" fill="${STEEL}"/>`;

const autoclave = (body: string, accent: string): string =>
  `<rect x="120" y="170" width="360" height="270" rx="26" fill="#fff" stroke="${LINE}" stroke-width="5"/><circle cx="260" cy="305" r="92" ` +
  `fill="${body}"/><circle cx="260" cy="305" r="66" fill="#fff" opacity=".35"/><rect x="380" y="210" width="70" height="40" rx="8" ` +
  `fill="#334155"/><circle cx="400" cy="290" r="12" fill="${accent}"/><circle cx="430" cy="290" r="12" fill="${LINE}"/>` +
  `<rect x="384" y="330" width="62" height="14" rx="7" fill="${LINE}"/><rect x="150" y="440" width="40" height="20" fill="${GREY}"/>` +
  `<rect x="410" y="440" width="40" height="20" fill="${GREY}"/>`;

const pouch = (paper: string, indicator: string): string =>
  `<path d="M200 90h200v420H200z" fill="${paper}"/><path d="M214 104h172v392H214z" fill="#fff" opacity=".55"/>` +
  `<path d="M200 90l100 60 100-60" stroke="${LINE}" stroke-width="4" fill="none"/><rect x="226" y="440" width="148" height="22" rx="4" ` +
  `fill="${indicator}"/><path d="M300 190v220" stroke="${STEEL}" stroke-width="10" stroke-linecap="round"/><circle cx="300" cy="186" ` +
  `r="16" fill="none" stroke="${STEEL}" stroke-width="8"/>`;

const tray = (material: string, metal: string): string =>
  `<path d="M150 370C150 230 210 150 300 150S450 230 450 370" stroke="${metal}" stroke-width="86" fill="none" stroke-linecap="round"/>` +
  `<path d="M150 370C150 230 210 150 300 150S450 230 450 370" stroke="${material}" stroke-width="62" fill="none" stroke-linecap="round"/>` +
  `<path d="M190 360C190 250 240 196 300 196S410 250 410 360" stroke="#fff" stroke-width="6" fill="none" opacity=".5" ` +
  `stroke-dasharray="18 22"/><rect x="278" y="40" width="44" height="110" rx="14" fill="${metal}"/>`;

const scanner = (body: string): string =>
  `<rect x="120" y="262" width="300" height="76" rx="38" fill="${body}"/><rect x="410" y="276" width="90" height="48" rx="12" fill="${STEEL}"/>` +
  `<rect x="170" y="284" width="60" height="10" rx="5" fill="#fff" opacity=".8"/><path d="M500 290l60-30v80l-60-30z" fill="#7dd3fc" ` +
  'opacity=".6"/>';

const curingLight = (body: string, beam: string): string =>
  `<path d="M470 350l-90 170h180z" fill="${beam}" opacity=".3"/><path d="M470 350l-45 170h90z" fill="${beam}" opacity=".35"/>` +
  `<rect x="100" y="150" width="320" height="90" rx="42" fill="${body}" stroke="${LINE}" stroke-width="5"/>` +
  `<rect x="150" y="176" width="70" height="38" rx="10" fill="#0c2d3e"/><circle cx="260" cy="195" r="12" fill="${beam}"/>` +
  `<path d="M418 195h12q40 0 40 40v100" stroke="${GREY}" stroke-width="34" fill="none"/><ellipse cx="470" cy="340" rx="22" ry="9" ` +
  `fill="${beam}"/>`;

const capsule = (body: string, cap: string): string =>
  `<rect x="170" y="250" width="220" height="100" rx="50" fill="${body}"/><rect x="170" y="250" width="96" height="100" rx="50" ` +
  `fill="${cap}"/><rect x="250" y="250" width="16" height="100" fill="${cap}"/><path d="M388 280l90-16v72l-90-16z" fill="${body}"/>` +
  `<rect x="478" y="286" width="60" height="28" rx="8" fill="${STEEL}"/><rect x="200" y="270" width="40" height="12" rx="6" fill="#fff" ` +
  'opacity=".6"/>';

const filledTooth = (fill: string, mark: string): string =>
  tooth() +
  `<path d="M250 140q50 24 100 0v96q-50 22-100 0z" fill="${fill}"/><path d="M430 140v100M418 140h24M418 240h24" stroke="${mark}" ` +
  'stroke-width="7" stroke-linecap="round"/><path d="M250 176q50 20 100 0M250 208q50 20 100 0" stroke="#fff" stroke-width="3" ' +
  'opacity=".5" fill="none"/>';

const sensitiveTooth = (gum: string, bolt: string, wave: string): string =>
  tooth() +
  `<path d="M214 290q86 40 172 0v60q-86 40-172 0z" fill="${gum}" opacity=".85"/><path d="M226 250q74 26 148 0" stroke="#e9d8b4" ` +
  `stroke-width="12" fill="none"/><path d="M440 150l-40 80h40l-30 90 80-110h-44l34-60z" fill="${bolt}"/><path d="M90 180q20-20 40 0` +
  `t40 0M90 230q20-20 40 0t40 0M90 280q20-20 40 0t40 0" stroke="${wave}" stroke-width="9" fill="none" stroke-linecap="round"/>`;

const store = (awning: string, door: string): string => {
  const stripes = [0, 1, 2, 3, 4, 5]
    .map((i) => `<path d="M${120 + i * 60} 170h60v40q-30 30-60 0z" fill="${i % 2 ? '#fff' : awning}"/>`)
    .join('');
  return (
    `<rect x="130" y="200" width="340" height="270" fill="#fff" stroke="${LINE}" stroke-width="5"/>${stripes}` +
    `<rect x="120" y="140" width="360" height="34" rx="8" fill="${door}"/><rect x="160" y="260" width="140" height="110" rx="8" ` +
    `fill="#dbeafe"/><rect x="330" y="260" width="100" height="210" rx="6" fill="${door}"/><circle cx="412" cy="370" r="7" fill="#fff"/>`
  );
};

const truck = (cargo: string, cab: string): string =>
  `<rect x="70" y="180" width="300" height="200" rx="14" fill="${cargo}"/><path d="M370 240h90l60 70v70H370z" fill="${cab}"/>` +
  `<path d="M392 258h58l42 50H392z" fill="#dbeafe"/><rect x="60" y="370" width="470" height="24" rx="8" fill="#334155"/>` +
  `<circle cx="150" cy="400" r="40" fill="#334155"/><circle cx="150" cy="400" r="16" fill="${LINE}"/><circle cx="440" cy="400" r="40" ` +
  `fill="#334155"/><circle cx="440" cy="400" r="16" fill="${LINE}"/><path d="M20 230h30M0 280h50M30 330h30" stroke="#fff" ` +
  `stroke-width="10" stroke-linecap="round"/><rect x="130" y="240" width="110" height="14" rx="7" fill="#fff" opacity=".7"/>`;

const calendar = (band: string, mark: string): string => {
  let cells = '';
  for (let r = 0; r < 4; r += 1) {
    for (let c = 0; c < 5; c += 1) {
      const hit = r === 2 && c === 3;
      cells += `<rect x="${160 + c * 60}" y="${250 + r * 50}" width="40" height="32" rx="6" fill="${hit ? mark : '#e2e8f0'}"/>`;
    }
  }
  return (
    `<rect x="130" y="140" width="340" height="340" rx="26" fill="#fff" stroke="${LINE}" stroke-width="5"/>` +
    `<path d="M130 226v-60q0-26 26-26h288q26 0 26 26v60z" fill="${band}"/><rect x="200" y="110" width="20" height="60" rx="10" ` +
    `fill="${STEEL}"/><rect x="380" y="110" width="20" height="60" rx="10" fill="${STEEL}"/>${cells}`
  );
};

const boxes = (box: string, tape: string): string =>
  `<rect x="110" y="290" width="200" height="170" rx="10" fill="${box}"/><rect x="290" y="290" width="200" height="170" rx="10" ` +
  `fill="${box}" opacity=".85"/><rect x="200" y="130" width="200" height="160" rx="10" fill="${box}"/><rect x="280" y="130" width="40" ` +
  `height="160" fill="${tape}"/><rect x="190" y="290" width="40" height="170" fill="${tape}"/><rect x="370" y="290" width="40" ` +
  `height="170" fill="${tape}"/><circle cx="470" cy="160" r="50" fill="${tape}"/><path d="M470 128l10 22 24 3-18 16 5 24-21-12-21 12 5-24` +
  '-18-16 24-3z" fill="#fff"/>';

const coinsChart = (coin: string, bar: string): string => {
  let coins = '';
  for (let i = 0; i < 5; i += 1) {
    coins += `<ellipse cx="190" cy="${440 - i * 30}" rx="80" ry="24" fill="${coin}" stroke="#fff" stroke-width="4"/>`;
  }
  return (
    `${coins}<rect x="310" y="330" width="44" height="130" rx="6" fill="${bar}" opacity=".6"/><rect x="370" y="270" width="44" ` +
    `height="190" rx="6" fill="${bar}" opacity=".8"/><rect x="430" y="210" width="44" height="250" rx="6" fill="${bar}"/>` +
    `<path d="M300 300l70-60 60 20 70-90" stroke="${STEEL}" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="500" cy="170" r="12" fill="${STEEL}"/>`
  );
};

const printer = (lid: string, body: string, resin: string): string =>
  `<rect x="150" y="400" width="300" height="90" rx="14" fill="${body}"/><rect x="170" y="420" width="70" height="30" rx="6" fill="#334155"/>` +
  `<rect x="170" y="120" width="260" height="290" rx="18" fill="${lid}" opacity=".55"/><rect x="384" y="140" width="16" height="250" ` +
  `fill="${GREY}"/><rect x="210" y="196" width="190" height="18" rx="4" fill="${STEEL}"/><path d="M226 214h148v18q-74 76-148 0z" ` +
  `fill="${resin}"/><path d="M250 236q50 36 100 0" stroke="#fff" stroke-width="6" fill="none" opacity=".7"/><rect x="200" y="370" ` +
  `width="200" height="30" rx="6" fill="${resin}" opacity=".8"/>`;

const cap = (top: string, tassel: string): string =>
  `<path d="M300 120l240 90-240 90-240-90z" fill="${top}"/><path d="M180 255v90q120 70 240 0v-90l-120 45z" fill="${top}" opacity=".85"/>` +
  `<path d="M300 210l170 30v120" stroke="${tassel}" stroke-width="8" fill="none"/><circle cx="470" cy="372" r="16" fill="${tassel}"/>`;

const monitor = (frame: string, line: string): string =>
  `<rect x="90" y="110" width="420" height="280" rx="20" fill="${frame}"/><rect x="112" y="132" width="376" height="236" rx="10" ` +
  `fill="#0c2d3e"/><path d="M230 170C230 150 250 142 266 150C276 155 324 155 334 150C350 142 370 150 370 170C370 230 350 260 340 340` +
  `L320 300H280L260 340C250 260 230 230 230 170Z" fill="none" stroke="${line}" stroke-width="5"/><path d="M240 200h120M236 240h128` +
  `M300 150v190" stroke="${line}" stroke-width="2" opacity=".5"/><rect x="270" y="390" width="60" height="60" fill="${GREY}"/>` +
  `<rect x="200" y="450" width="200" height="20" rx="10" fill="${STEEL}"/>`;

const badge = (band: string, person: string): string =>
  `<rect x="170" y="120" width="260" height="360" rx="24" fill="#fff" stroke="${LINE}" stroke-width="5"/><path d="M170 200v-56q0-24 24-24` +
  `h212q24 0 24 24v56z" fill="${band}"/><rect x="268" y="80" width="64" height="60" rx="12" fill="${STEEL}"/><circle cx="300" ` +
  `cy="260" r="48" fill="${person}"/><path d="M220 380q0-70 80-70t80 70z" fill="${person}"/><rect x="220" y="410" width="160" ` +
  `height="14" rx="7" fill="${LINE}"/><rect x="250" y="438" width="100" height="12" rx="6" fill="#e2e8f0"/>`;

const building = (wall: string, glass: string): string => {
  let windows = '';
  for (let r = 0; r < 4; r += 1) {
    for (let c = 0; c < 4; c += 1)
      windows += `<rect x="${190 + c * 60}" y="${200 + r * 56}" width="40" height="36" rx="4" fill="${glass}"/>`;
  }
  return (
    `<rect x="160" y="130" width="280" height="360" rx="10" fill="${wall}"/>${windows}<rect x="270" y="424" width="60" ` +
    `height="66" fill="#334155"/><rect x="130" y="480" width="340" height="20" rx="6" fill="${STEEL}"/><circle cx="300" cy="130" ` +
    `r="44" fill="#fff" stroke="${LINE}" stroke-width="5"/>`
  );
};

const smallTooth = (x: number, y: number, s: number): string => place(x, y, s, 0, tooth());

interface Cover {
  name: string;
  palette: Palette;
  art: (p: Palette) => string;
}

const covers: Cover[] = [
  {
    name: 'adhesive',
    palette: { from: '#e6eefc', to: '#dff3f1', main: '#0a6e8a', dark: '#0c2d3e', accent: '#0f8a5f' },
    art: (p) =>
      place(760, 330, 0.9, 0, bottle(p.main, p.dark)) +
      place(930, 300, 0.85, 24, brush(p.accent)) +
      smallTooth(330, 360, 0.55) +
      drop(520, 200, 18, p.main, 0.6),
  },
  {
    name: 'irrigation',
    palette: { from: '#dff3f1', to: '#e8f4fb', main: '#38a3c9', dark: '#0a6e8a', accent: '#0f8a5f' },
    art: (p) =>
      place(800, 300, 0.95, 35, syringe(p.main)) +
      smallTooth(380, 330, 0.75) +
      drop(560, 380, 16, p.main) +
      drop(600, 450, 11, p.main, 0.7) +
      drop(520, 470, 8, p.dark, 0.5),
  },
  {
    name: 'endo-files',
    palette: { from: '#fdf1e7', to: '#e6eefc', main: '#ef4444', dark: '#2f6fde', accent: '#22c55e' },
    art: (p) =>
      place(700, 320, 0.8, -20, endoFile(p.main)) +
      place(830, 320, 0.8, 0, endoFile(p.dark)) +
      place(960, 320, 0.8, 20, endoFile(p.accent)) +
      smallTooth(300, 360, 0.6),
  },
  {
    name: 'implant',
    palette: { from: '#e3f2f6', to: '#eef0f7', main: '#ffffff', dark: '#0c2d3e', accent: '#0a6e8a' },
    art: (p) => place(820, 300, 0.95, 0, implant(p.main, p.accent)) + place(380, 330, 0.5, 0, implant('#fff', p.dark)),
  },
  {
    name: 'composite',
    palette: { from: '#fbf4e8', to: '#e6eefc', main: '#0a6e8a', dark: '#0c2d3e', accent: '#d97706' },
    art: (p) => place(780, 290, 1, 0, shadeGuide(p.dark)) + place(390, 420, 0.7, -12, compule(p.main, p.accent)),
  },
  {
    name: 'isolation',
    palette: { from: '#eaf7ee', to: '#dff3f1', main: '#2fa36b', dark: '#475569', accent: '#0f8a5f' },
    art: (p) =>
      place(820, 315, 1, 0, rubberDam(p.main, p.dark)) +
      sparkle(420, 190, 26, p.accent) +
      sparkle(470, 260, 14, p.main),
  },
  {
    name: 'sterilisation',
    palette: { from: '#edf1f5', to: '#e3f2f6', main: '#0a6e8a', dark: '#0c2d3e', accent: '#0f8a5f' },
    art: (p) =>
      place(800, 330, 0.95, 0, autoclave(p.main, p.accent)) + place(380, 320, 0.7, -14, pouch('#dbe7ef', '#7c5cc4')),
  },
  {
    name: 'impression',
    palette: { from: '#f2ecfb', to: '#e6eefc', main: '#8b6fd6', dark: '#94a3b8', accent: '#7dd3fc' },
    art: (p) => place(800, 330, 1, 0, tray(p.main, p.dark)) + place(360, 330, 0.75, -20, scanner('#0c2d3e')),
  },
  {
    name: 'curing-light',
    palette: { from: '#e8ecfb', to: '#e3f2f6', main: '#ffffff', dark: '#0c2d3e', accent: '#3b82f6' },
    art: (p) =>
      place(700, 250, 1, 0, curingLight(p.main, p.accent)) +
      smallTooth(870, 540, 0.32) +
      sparkle(380, 200, 30, p.accent),
  },
  {
    name: 'glass-ionomer',
    palette: { from: '#fdf6e3', to: '#eef7e4', main: '#e5b94b', dark: '#0c2d3e', accent: '#0f8a5f' },
    art: (p) =>
      place(800, 310, 1, -18, capsule(p.main, p.accent)) + smallTooth(380, 340, 0.7) + drop(900, 480, 14, p.main, 0.6),
  },
  {
    name: 'bulk-fill',
    palette: { from: '#e6f4f1', to: '#fbf4e8', main: '#f2d49b', dark: '#0c2d3e', accent: '#0a6e8a' },
    art: (p) =>
      place(800, 330, 1, 0, filledTooth(p.main, p.accent)) + place(380, 420, 0.6, 14, compule(p.accent, p.dark)),
  },
  {
    name: 'hypersensitivity',
    palette: { from: '#e7f3fb', to: '#fbeaec', main: '#f3a7ae', dark: '#0c2d3e', accent: '#f59e0b' },
    art: (p) => place(800, 320, 1, 0, sensitiveTooth(p.main, p.accent, '#7cc6e8')) + drop(380, 360, 22, '#7cc6e8', 0.7),
  },
  {
    name: 'news-shop',
    palette: { from: '#e3f2f6', to: '#e6eefc', main: '#0a6e8a', dark: '#0c2d3e', accent: '#0f8a5f' },
    art: (p) => place(800, 320, 1, 0, store(p.main, p.dark)) + smallTooth(380, 330, 0.5),
  },
  {
    name: 'news-delivery',
    palette: { from: '#eef7e4', to: '#dff3f1', main: '#0f8a5f', dark: '#0c2d3e', accent: '#0a6e8a' },
    art: (p) => place(780, 340, 1, 0, truck(p.main, p.accent)) + place(300, 400, 0.45, 0, boxes('#d6b98c', '#f5e6cc')),
  },
  {
    name: 'news-event',
    palette: { from: '#fbeee6', to: '#e6eefc', main: '#e0654a', dark: '#0c2d3e', accent: '#0a6e8a' },
    art: (p) =>
      place(800, 320, 1, 0, calendar(p.main, p.accent)) +
      sparkle(420, 200, 28, p.main) +
      sparkle(470, 270, 14, p.accent),
  },
  {
    name: 'news-brand',
    palette: { from: '#fbf4e8', to: '#fdf0e6', main: '#d6b98c', dark: '#0c2d3e', accent: '#0a6e8a' },
    art: (p) => place(800, 320, 1, 0, boxes(p.main, p.accent)) + smallTooth(360, 330, 0.5),
  },
  {
    name: 'news-price',
    palette: { from: '#edf1f5', to: '#eef7e4', main: '#e5b94b', dark: '#0c2d3e', accent: '#0f8a5f' },
    art: (p) => place(800, 320, 1, 0, coinsChart(p.main, p.accent)),
  },
  {
    name: 'printing',
    palette: { from: '#fdf0e6', to: '#edf1f5', main: '#f59e0b', dark: '#334155', accent: '#f2d49b' },
    art: (p) =>
      place(800, 310, 1, 0, printer(p.main, p.dark, p.accent)) + place(380, 360, 0.5, 0, tray('#f2d49b', '#94a3b8')),
  },
  {
    name: 'course-terapiya',
    palette: { from: '#e6eefc', to: '#fbf4e8', main: '#0c2d3e', dark: '#0a6e8a', accent: '#d97706' },
    art: (p) => place(820, 300, 0.95, 0, cap(p.main, p.accent)) + place(380, 380, 0.6, 0, shadeGuide(p.dark)),
  },
  {
    name: 'course-endo',
    palette: { from: '#fdf1e7', to: '#dff3f1', main: '#0c2d3e', dark: '#2f6fde', accent: '#ef4444' },
    art: (p) => place(820, 300, 0.95, 0, cap(p.main, p.accent)) + place(380, 330, 0.75, -25, endoFile(p.dark)),
  },
  {
    name: 'course-implant',
    palette: { from: '#e3f2f6', to: '#eaf7ee', main: '#0c2d3e', dark: '#0a6e8a', accent: '#0f8a5f' },
    art: (p) => place(820, 300, 0.95, 0, cap(p.main, p.accent)) + place(380, 330, 0.65, 0, implant('#fff', p.dark)),
  },
  {
    name: 'course-ortho',
    palette: { from: '#f2ecfb', to: '#e3f2f6', main: '#0c2d3e', dark: '#8b6fd6', accent: '#7dd3fc' },
    art: (p) => place(840, 320, 0.95, 0, monitor('#e2e8f0', p.accent)) + place(370, 290, 0.6, 0, cap(p.main, p.dark)),
  },
  {
    name: 'vacancy',
    palette: { from: '#eaf7ee', to: '#e6eefc', main: '#0a6e8a', dark: '#0c2d3e', accent: '#0f8a5f' },
    art: (p) =>
      place(800, 320, 0.95, 0, badge(p.main, p.accent)) +
      sparkle(440, 220, 26, p.main) +
      sparkle(490, 290, 14, p.accent),
  },
  {
    name: 'about',
    palette: { from: '#e3f2f6', to: '#dff3f1', main: '#ffffff', dark: '#0c2d3e', accent: '#0a6e8a' },
    art: (p) =>
      place(800, 300, 0.95, 0, building(p.main, '#bfe3ee')) +
      place(800, 176, 0.16, 0, tooth(p.accent, p.accent)) +
      place(420, 400, 0.5, 0, truck('#0f8a5f', p.accent)),
  },
];

function render(cover: Cover): string {
  const p = cover.palette;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/>` +
    `<stop offset="1" stop-color="${p.to}"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/>` +
    '<circle cx="820" cy="315" r="290" fill="#fff" opacity=".35"/><circle cx="330" cy="560" r="170" fill="#fff" opacity=".2"/>' +
    '<circle cx="110" cy="70" r="110" fill="#fff" opacity=".18"/><circle cx="1140" cy="590" r="90" fill="#fff" opacity=".2"/>' +
    `${cover.art(p)}</svg>\n`
  );
}

mkdirSync(OUT_DIR, { recursive: true });
for (const cover of covers) {
  const svg = render(cover);
  const size = Buffer.byteLength(svg);
  if (size > MAX_BYTES) throw new Error(`${cover.name}.svg is ${size} bytes, more than ${MAX_BYTES}`);
  writeFileSync(path.join(OUT_DIR, `${cover.name}.svg`), svg);
}
console.log(`Wrote ${covers.length} covers to ${path.relative(process.cwd(), OUT_DIR)}/.`);
