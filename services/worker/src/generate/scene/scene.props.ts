// Large things people ask for that have no emoji (a lighthouse, a sofa, a bridge…), drawn as flat SVG sprites
// in the scene painter's style. Each is drawn in its own natural proportions and fitted into the asked box:
// standing on its bottom edge, centred, as tall as the box allows.
import { type Canvas, f, mix, newCanvas, pine, rasterise, roundTree } from './scene.painter.ts';

export const PROPS: readonly string[] = [
  'lighthouse',
  'table',
  'window',
  'windmill',
  'tree',
  'house',
  'bench',
  'sofa',
  'bridge',
  'tower',
];

interface Sprite {
  /** Natural size in logical units; the drawing's bottom edge is the ground. */
  w: number;
  h: number;
  svg: string;
  /** Where the drawing starts at the top, when that is not 0 (a windmill's sails turn). */
  top?: number;
}

const pickOf =
  (c: Canvas) =>
  <T>(list: readonly T[]) =>
    list[Math.floor(c.random() * list.length)];
const shade = (hex: string, amount = 0.18) => mix(hex, '#000000', amount);
const light = (hex: string, amount = 0.25) => mix(hex, '#ffffff', amount);

const DRAW: Record<string, (c: Canvas) => Sprite> = {
  lighthouse(c) {
    const band = pickOf(c)(['#d9463b', '#2f5f9f', '#2f8f5f']);
    const stripes = [0, 1, 2].map((k) => {
      const y0 = 260 + k * 200;
      const inset = (y: number) => 60 - (y - 220) * 0.065;
      return `<path d="M${f(60 + 60 - inset(y0))},${y0}L${f(340 - 60 + inset(y0))},${y0}L${f(340 - 60 + inset(y0 + 100))},${y0 + 100}L${f(60 + 60 - inset(y0 + 100))},${y0 + 100}Z" fill="${band}"/>`;
    });
    return {
      w: 400,
      h: 1000,
      svg: `<path d="M120,220L280,220L330,1000L70,1000Z" fill="#f6f3ec"/><path d="M200,220L280,220L330,1000L200,1000Z" fill="#000" fill-opacity="0.08"/>${stripes.join('')}<rect x="40" y="960" width="320" height="40" rx="8" fill="#8a8f96"/><rect x="105" y="190" width="190" height="34" rx="6" fill="#3b4350"/><rect x="130" y="90" width="140" height="100" fill="#ffe9a0"/><path d="M130,90L130,190M176,90L176,190M223,90L223,190M270,90L270,190" stroke="#3b4350" stroke-width="8"/><path d="M110,95L200,20L290,95Z" fill="${band}"/><circle cx="200" cy="18" r="12" fill="#3b4350"/><rect x="175" y="520" width="50" height="80" rx="25" fill="#3b4350"/><path d="M170,1000L170,900Q200,860 230,900L230,1000Z" fill="#5a3f32"/>`,
    };
  },
  table(c) {
    const wood = pickOf(c)(['#b9804f', '#c9955f', '#8f5f3a', '#e0c49a']);
    return {
      w: 1000,
      h: 560,
      svg: `<rect x="20" y="0" width="960" height="60" rx="14" fill="${wood}"/><rect x="20" y="44" width="960" height="16" rx="6" fill="${shade(wood)}"/><rect x="80" y="60" width="840" height="50" fill="${shade(wood, 0.1)}"/><g fill="${shade(wood, 0.05)}"><path d="M90,60L150,60L140,560L100,560Z"/><path d="M850,60L910,60L900,560L860,560Z"/></g><g fill="${shade(wood, 0.25)}"><path d="M300,110L340,110L335,500L305,500Z"/><path d="M660,110L700,110L695,500L665,500Z"/></g>`,
    };
  },
  window(c) {
    const frame = pickOf(c)(['#f6f3ec', '#3f7fbf', '#5a3f32', '#6aa07a']);
    return {
      w: 640,
      h: 800,
      svg: `<rect x="0" y="0" width="640" height="760" rx="16" fill="${frame}"/><defs><linearGradient id="pane" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fbdf0"/><stop offset="1" stop-color="#d9effb"/></linearGradient></defs><g fill="url(#pane)"><rect x="40" y="40" width="260" height="310"/><rect x="340" y="40" width="260" height="310"/><rect x="40" y="390" width="260" height="330"/><rect x="340" y="390" width="260" height="330"/></g><g fill="#ffffff" fill-opacity="0.5"><path d="M70,300L250,60L290,60L110,300Z"/><path d="M370,680L560,420L590,420L400,680Z"/></g><rect x="-20" y="740" width="680" height="60" rx="10" fill="${shade(frame, 0.1)}"/>`,
    };
  },
  windmill(c) {
    const wall = pickOf(c)(['#e9dcc3', '#d9463b', '#c9b8a6']);
    const angle = c.random() * 90;
    const sail = (a: number) =>
      `<g transform="rotate(${f(a)} 300 300)"><rect x="290" y="20" width="20" height="280" fill="#5a3f32"/><rect x="310" y="40" width="80" height="240" fill="#f6f3ec" stroke="#5a3f32" stroke-width="8"/><path d="M310,100L390,100M310,160L390,160M310,220L390,220" stroke="#5a3f32" stroke-width="6"/></g>`;
    const reach = Math.max(...[0, 90, 180, 270].map((a) => Math.cos(((a + angle) * Math.PI) / 180) * 280));
    return {
      w: 600,
      h: 1000,
      top: Math.floor(300 - reach - 12),
      svg: `<path d="M190,330L410,330L480,1000L120,1000Z" fill="${wall}"/><path d="M300,330L410,330L480,1000L300,1000Z" fill="#000" fill-opacity="0.08"/><path d="M170,340L300,200L430,340Z" fill="#5a3f32"/><path d="M250,1000L250,880Q300,830 350,880L350,1000Z" fill="#5a3f32"/><rect x="270" y="560" width="60" height="80" rx="8" fill="#3b4350"/>${[0, 90, 180, 270].map((a) => sail(a + angle)).join('')}<circle cx="300" cy="300" r="26" fill="#3b4350"/>`,
    };
  },
  tree(c) {
    const svg = c.random() < 0.35 ? pine(c, 300, 1000, 1000, 0, false) : roundTree(c, 300, 1000, 1000, 0);
    return { w: 600, h: 1000, svg };
  },
  house(c) {
    const wall = pickOf(c)(['#f2d8a7', '#e8a87c', '#9fb6d6', '#f6f3ec', '#c38d9e']);
    const roof = pickOf(c)(['#b8483e', '#5a5f6b', '#7a4e2d']);
    const win = (x: number, y: number) =>
      `<rect x="${x}" y="${y}" width="150" height="140" rx="6" fill="#f6f3ec"/><rect x="${x + 14}" y="${y + 14}" width="122" height="112" fill="#9fd0ee"/><path d="M${x + 75},${y + 14}L${x + 75},${y + 126}M${x + 14},${y + 70}L${x + 136},${y + 70}" stroke="#f6f3ec" stroke-width="10"/>`;
    return {
      w: 1000,
      h: 900,
      top: 60,
      svg: `<rect x="700" y="60" width="90" height="220" fill="${shade(roof, 0.1)}"/><rect x="120" y="380" width="760" height="520" fill="${wall}"/><rect x="560" y="380" width="320" height="520" fill="#000" fill-opacity="0.07"/><path d="M60,400L500,80L940,400Z" fill="${roof}"/><path d="M500,80L940,400L880,400L500,130Z" fill="${shade(roof)}"/>${win(200, 520)}${win(650, 520)}<path d="M420,900L420,660Q500,600 580,660L580,900Z" fill="#6b4a35"/><circle cx="555" cy="790" r="10" fill="#e0b04a"/><circle cx="500" cy="290" r="50" fill="#f6f3ec"/><circle cx="500" cy="290" r="36" fill="#9fd0ee"/>`,
    };
  },
  bench(c) {
    const wood = pickOf(c)(['#b9804f', '#3f8a4a', '#d9463b', '#8f5f3a']);
    const slats = [0, 1, 2]
      .map((k) => `<rect x="40" y="${40 + k * 70}" width="920" height="50" rx="10" fill="${wood}"/>`)
      .join('');
    return {
      w: 1000,
      h: 560,
      top: 20,
      svg: `<g fill="#3b4350"><rect x="110" y="20" width="30" height="540" rx="8"/><rect x="860" y="20" width="30" height="540" rx="8"/><rect x="80" y="360" width="90" height="200" rx="10"/><rect x="830" y="360" width="90" height="200" rx="10"/></g>${slats}<rect x="20" y="330" width="960" height="60" rx="12" fill="${light(wood, 0.15)}"/><rect x="20" y="380" width="960" height="20" rx="8" fill="${shade(wood)}"/>`,
    };
  },
  sofa(c) {
    const cloth = pickOf(c)(['#c95a5a', '#5a7fc9', '#6aa07a', '#e0b04a', '#8a6ab0']);
    return {
      w: 1000,
      h: 560,
      top: 40,
      svg: `<rect x="90" y="40" width="820" height="300" rx="60" fill="${shade(cloth, 0.12)}"/><rect x="130" y="280" width="370" height="140" rx="40" fill="${light(cloth, 0.12)}"/><rect x="500" y="280" width="370" height="140" rx="40" fill="${light(cloth, 0.06)}"/><rect x="60" y="380" width="880" height="120" rx="30" fill="${cloth}"/><rect x="20" y="200" width="150" height="310" rx="60" fill="${cloth}"/><rect x="830" y="200" width="150" height="310" rx="60" fill="${shade(cloth, 0.05)}"/><g fill="#5a3f32"><rect x="90" y="500" width="40" height="60" rx="8"/><rect x="870" y="500" width="40" height="60" rx="8"/></g>`,
    };
  },
  bridge(c) {
    const stone = pickOf(c)(['#b7a99a', '#c9b8a6', '#9a8a7a']);
    const rail = pickOf(c)(['#7a4e2d', '#3b4350', '#b8483e']);
    const posts = [...Array(11).keys()]
      .map((k) => `<rect x="${40 + k * 90}" y="40" width="20" height="170" rx="6"/>`)
      .join('');
    return {
      w: 1000,
      h: 560,
      top: 40,
      svg: `<path d="M0,200L1000,200L1000,560L860,560Q860,330 500,330Q140,330 140,560L0,560Z" fill="${stone}"/><path d="M0,200L1000,200L1000,240L0,240Z" fill="${shade(stone)}"/><path d="M150,560Q150,345 500,345Q850,345 850,560" fill="none" stroke="${shade(stone, 0.12)}" stroke-width="20"/><g fill="${rail}">${posts}<rect x="20" y="40" width="960" height="24" rx="10"/><rect x="20" y="120" width="960" height="16" rx="8"/></g>`,
    };
  },
  tower(c) {
    const stone = pickOf(c)(['#b7a99a', '#c9b8a6', '#a6a6b0']);
    const roof = pickOf(c)(['#b8483e', '#2f5f9f', '#5a5f6b']);
    const crenels = [0, 1, 2, 3, 4]
      .map((k) => `<rect x="${90 + k * 90}" y="260" width="50" height="60"/>`)
      .join('');
    return {
      w: 560,
      h: 1000,
      top: 20,
      svg: `<rect x="110" y="320" width="340" height="680" fill="${stone}"/><rect x="280" y="320" width="170" height="680" fill="#000" fill-opacity="0.08"/><g fill="${stone}">${crenels}<rect x="80" y="300" width="400" height="40"/></g><path d="M100,270L280,20L460,270Z" fill="${roof}"/><path d="M280,20L460,270L280,270Z" fill="${shade(roof)}"/><g fill="#3b4350"><rect x="250" y="420" width="60" height="100" rx="30"/><rect x="180" y="620" width="50" height="80" rx="25"/><rect x="330" y="620" width="50" height="80" rx="25"/></g><path d="M220,1000L220,860Q280,800 340,860L340,1000Z" fill="#5a3f32"/><path d="M130,420L250,420M130,560L430,560M130,760L430,760M300,480L430,480" stroke="${shade(stone, 0.15)}" stroke-width="6"/>`,
    };
  },
};

/** A prop as straight (not premultiplied) RGBA on a transparent background. */
export async function paintProp(
  name: string,
  width: number,
  height: number,
  seed: number,
): Promise<{ data: Uint8Array; width: number; height: number }> {
  const draw = DRAW[name];
  if (!draw) throw new Error(`Unknown prop "${name}"; known: ${PROPS.join(', ')}`);
  const sprite = draw(newCanvas({ time: 'day', season: 'summer' }, width, height, seed));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 ${sprite.top ?? 0} ${sprite.w} ${sprite.h - (sprite.top ?? 0)}" preserveAspectRatio="xMidYMax meet">${sprite.svg}</svg>`;
  return { data: await rasterise(svg, width, height, 4), width, height };
}
