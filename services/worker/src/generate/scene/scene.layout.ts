// Pictura Scenes' composition: where each thing of a read scene goes on the canvas. Things stand on the
// painted ground (or float, in space, the sky or underwater), sized by their kind (a horse is bigger than a
// cat) and by depth (further back is higher and smaller), placed by their relations ("on", "riding",
// "holding", "behind"…) and the positions the prompt asked for; a seed picks among arrangements. Copies of a
// counted thing ("three apples") stand in a loose group. The result is in drawing order, back to front.
import { seededRandom } from '../seeded-random.ts';
import { MAX_COPIES, type ReadScene, type ReadThing } from './scene.reader.ts';

export interface Ground {
  /** Fractions of the height: the band where things stand, far edge to near edge. */
  top: number;
  bottom: number;
  floating: boolean;
  /** Share of the height the largest thing fills (a painted place leaves room for itself). */
  fill?: number;
}

export interface Placement {
  /** Index into the scene's things. */
  thing: number;
  /** Which copy of a counted thing. */
  copy: number;
  /** The centre of the thing's base, in pixels. */
  x: number;
  y: number;
  /** Height of the thing, in pixels. */
  height: number;
  flip: boolean;
  /** Stands on something (gets a contact shadow). */
  grounded: boolean;
}

/**
 * Where a thing set "on" another stands, as a share of that other's height from its base: a sofa's seat, a
 * window's sill, a table's top. Things not named here are stood on their top.
 */
const SURFACE_HEIGHT: Record<string, number> = {
  sofa: 0.5,
  'couch and lamp': 0.45,
  bench: 0.55,
  window: 0.1,
  table: 0.95,
  bed: 0.5,
  chair: 0.5,
  tree: 0.55,
  bridge: 0.8,
  house: 0.85,
  lighthouse: 0.97,
  tower: 0.97,
  windmill: 0.6,
};
const TOP_SURFACE = 0.8;

/** Heights relative to a person of the props the painter draws. */
export const PROP_SIZES: Record<string, number> = {
  lighthouse: 2.4,
  table: 0.8,
  window: 1.0,
  windmill: 2.2,
  tree: 1.9,
  house: 1.8,
  bench: 0.6,
  sofa: 0.85,
  bridge: 1.4,
  tower: 2.4,
};

/** Things sized to their kind never fall below these shares of the canvas's height. */
const MIN_SHARE = 0.12;
const DEFAULT_FILL = 0.55;
/** The main subject is at least this share of the shorter side. */
const MAIN_MIN_SHARE = 0.3;

export function naturalSize(thing: ReadThing, conceptSize: (concept: number) => number): number {
  const base = thing.prop
    ? (PROP_SIZES[thing.prop] ?? 1)
    : thing.concept !== undefined
      ? conceptSize(thing.concept)
      : 1;
  return base * thing.scale;
}

interface Box {
  x: number;
  y: number;
  height: number;
  /** Width as a share of height (things are about square; props may differ). */
  aspect: number;
  depth: number;
  order: number;
  grounded: boolean;
}

export function layoutScene(
  scene: Pick<ReadScene, 'things' | 'relations'>,
  width: number,
  height: number,
  ground: Ground,
  seed: number,
  conceptSize: (concept: number) => number,
  aspectOf: (thing: ReadThing) => number = () => 1,
): Placement[] {
  const random = seededRandom(seed ^ 0x5ce4e);
  const things = scene.things;
  if (!things.length) return [];
  const short = Math.min(width, height);
  const natural = things.map((thing) => naturalSize(thing, conceptSize));
  // One scale for the whole scene: the largest thing fills MAX_SHARE of the height, unless that leaves the
  // main subject too small to read.
  const largest = Math.max(...natural);
  const fill = ground.fill ?? DEFAULT_FILL;
  let unit = (fill * height) / largest;
  if (natural[0]! * unit < MAIN_MIN_SHARE * short) unit = (MAIN_MIN_SHARE * short) / natural[0]!;
  const sizeOf = (i: number) =>
    Math.max(MIN_SHARE * height, Math.min(fill * height * 1.1, natural[i]! * unit));

  const groundY = (depth: number) => (ground.top + depth * (ground.bottom - ground.top)) * height;
  const depthScale = (depth: number) => 0.65 + 0.35 * depth;

  const boxes = new Map<number, Box>();
  const dependents = new Map<number, { relation: string; on: number }>();
  for (const r of scene.relations) {
    if (!dependents.has(r.subject)) dependents.set(r.subject, { relation: r.relation, on: r.object });
  }
  // "under" and "below" are "above" seen from the other side: the object goes over the subject.
  const flipped = new Map<number, { relation: string; on: number }>();
  for (const [subject, { relation, on }] of dependents) {
    if ((relation === 'under' || relation === 'below') && !dependents.has(on)) {
      flipped.set(on, { relation: 'above', on: subject });
      dependents.delete(subject);
    } else if (relation === 'wearing' || relation === 'holding' || relation === 'riding') {
      // The worn or held thing hangs on its wearer; the ridden thing carries its rider.
      if (relation === 'riding') continue;
      if (!dependents.has(on)) {
        flipped.set(on, { relation: relation === 'wearing' ? 'worn' : 'held', on: subject });
        dependents.delete(subject);
      }
    }
  }
  for (const [k, v] of flipped) dependents.set(k, v);

  // Free things (not placed against another) share the width: slots across the canvas, the main subject
  // nearest the middle, at seeded depths.
  const free = things.map((_, i) => i).filter((i) => !dependents.has(i));
  const slots = free.length;
  const order = [...free];
  // The seed shuffles the side things; the main subject keeps the middle slot.
  for (let i = order.length - 1; i > 1; i--) {
    const j = 1 + Math.floor(random() * i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const middle = Math.floor((slots - 1) / 2);
  const slotOrder = [middle];
  for (let d = 1; slotOrder.length < slots; d++) {
    if (middle - d >= 0) slotOrder.push(middle - d);
    if (middle + d < slots && slotOrder.length < slots) slotOrder.push(middle + d);
  }
  const shift = (random() - 0.5) * 0.12;
  order.forEach((thing, k) => {
    const slot = slotOrder[k]!;
    const requested = things[thing]!.position;
    let fx = slots === 1 ? 0.5 + shift : 0.12 + (0.76 * (slot + 0.5)) / slots + (random() - 0.5) * 0.06;
    if (requested === 'left') fx = 0.24;
    else if (requested === 'right') fx = 0.76;
    else if (requested === 'centre') fx = 0.5;
    let depth = thing === free[0] ? 0.75 + random() * 0.2 : 0.35 + random() * 0.45;
    if (requested === 'top') depth = 0.05;
    else if (requested === 'bottom') depth = 1;
    const h = sizeOf(thing) * depthScale(depth);
    let y = groundY(depth);
    if (ground.floating) {
      y = height * (0.35 + 0.45 * depth) + h / 2 + (random() - 0.5) * height * 0.1;
      if (requested === 'top') y = height * 0.15 + h;
    }
    boxes.set(thing, {
      x: fx * width,
      y,
      height: h,
      aspect: aspectOf(things[thing]!),
      depth,
      order: depth,
      grounded: !ground.floating,
    });
  });

  // Things placed against another, in as many passes as chains need ("a hat on a cat on a sofa").
  for (let pass = 0; pass < things.length && boxes.size < things.length; pass++) {
    for (const [i, { relation, on }] of dependents) {
      if (boxes.has(i)) continue;
      const base = boxes.get(on);
      if (!base) continue;
      const own = sizeOf(i) * depthScale(base.depth);
      const aspect = aspectOf(things[i]!);
      const baseWidth = base.height * base.aspect;
      const box: Box = { ...base, height: own, aspect, order: base.order + 0.01, grounded: base.grounded };
      switch (relation) {
        case 'on':
          box.height = Math.min(own, base.height * 0.9);
          box.y =
            base.y - base.height * (SURFACE_HEIGHT[things[on]!.prop ?? things[on]!.name] ?? TOP_SURFACE);
          box.x = base.x + (random() - 0.5) * baseWidth * 0.3;
          box.grounded = false;
          break;
        case 'riding':
          box.height = Math.min(own, base.height * 0.8);
          box.y = base.y - base.height * 0.55;
          box.x = base.x;
          box.grounded = false;
          break;
        case 'in':
          box.height = Math.min(own, base.height * 0.55);
          box.y = base.y - base.height * 0.2;
          box.x = base.x;
          box.grounded = false;
          break;
        case 'above':
          box.height = Math.min(own, base.height * 0.9);
          box.y = base.y - base.height * 1.05;
          box.x = base.x + (random() - 0.5) * baseWidth * 0.2;
          box.grounded = false;
          break;
        case 'worn':
          box.height = Math.min(own, base.height * 0.4);
          box.y = base.y - base.height * 0.78;
          box.x = base.x;
          box.grounded = false;
          break;
        case 'held':
          box.height = Math.min(own, base.height * 0.5);
          box.y = base.y - base.height * 0.2;
          box.x = base.x + (baseWidth / 2) * 0.85 * (random() < 0.5 ? -1 : 1);
          box.grounded = false;
          break;
        case 'behind':
          box.depth = Math.max(0, base.depth - 0.35);
          box.height = sizeOf(i) * depthScale(box.depth);
          box.y = ground.floating ? base.y - base.height * 0.3 : groundY(box.depth);
          box.x = base.x + (random() < 0.5 ? -1 : 1) * baseWidth * 0.4;
          box.order = base.order - 0.2;
          break;
        case 'in_front_of':
          box.depth = Math.min(1, base.depth + 0.3);
          box.height = sizeOf(i) * depthScale(box.depth);
          box.y = ground.floating ? base.y + base.height * 0.3 : groundY(box.depth);
          box.x = base.x + (random() < 0.5 ? -1 : 1) * baseWidth * 0.25;
          box.order = base.order + 0.2;
          break;
        case 'left_of':
        case 'right_of':
        case 'beside': {
          const side = relation === 'left_of' ? -1 : relation === 'right_of' ? 1 : random() < 0.5 ? -1 : 1;
          box.x = base.x + side * (baseWidth / 2 + (own * aspect) / 2) * 0.95;
          break;
        }
        default:
          break;
      }
      boxes.set(i, box);
    }
  }

  const placements: Placement[] = [];
  for (const [i, box] of boxes) {
    const thing = things[i]!;
    const copies = Math.min(thing.count, MAX_COPIES);
    // A group of copies: smaller the more there are, in a loose cluster around the thing's place, the ones
    // behind a little higher.
    const perRow = Math.ceil(Math.sqrt(copies * 2));
    let each = copies === 1 ? box.height : box.height * Math.max(0.42, 1 / Math.sqrt(copies * 0.75));
    // A row of copies stays within 90% of the width.
    each = Math.min(each, (0.9 * width) / (Math.min(perRow, copies) * box.aspect * 0.8 + 0.2 * box.aspect));
    for (let c = 0; c < copies; c++) {
      const row = Math.floor(c / perRow);
      const col = c % perRow;
      const inRow = Math.min(perRow, copies - row * perRow);
      const spread = each * box.aspect * 0.8;
      const x =
        box.x + (col - (inRow - 1) / 2) * spread + (row % 2) * spread * 0.4 + (random() - 0.5) * spread * 0.2;
      const y = box.y - row * each * 0.28 + (random() - 0.5) * each * 0.05;
      placements.push({
        thing: i,
        copy: c,
        x,
        y,
        height: each * (1 - row * 0.06),
        flip: copies > 1 ? random() < 0.5 : random() < 0.3,
        grounded: box.grounded,
      });
    }
  }
  fitToFrame(placements, (p) => boxes.get(p.thing)!.aspect, width, height);
  const orderOf = (p: Placement) => boxes.get(p.thing)!.order;
  // Back to front: further things first, then higher copies (behind) before lower ones.
  return placements.sort((a, b) => orderOf(a) - orderOf(b) || a.y - b.y);
}

/** Margin kept free at the canvas's edges, as a share of its side. */
const FRAME_MARGIN = 0.03;

/**
 * The whole group inside the canvas: when things reach past an edge ("an astronaut above a planet" stacked
 * higher than the picture), the group shrinks towards its base and slides back in, keeping its arrangement.
 */
function fitToFrame(
  placements: Placement[],
  aspectOf: (p: Placement) => number,
  width: number,
  height: number,
) {
  if (!placements.length) return;
  const bounds = () => {
    let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const p of placements) {
      const half = (p.height * aspectOf(p)) / 2;
      minX = Math.min(minX, p.x - half);
      maxX = Math.max(maxX, p.x + half);
      minY = Math.min(minY, p.y - p.height);
      maxY = Math.max(maxY, p.y);
    }
    return { minX, maxX, minY, maxY };
  };
  const { minX, maxX, minY, maxY } = bounds();
  const mx = width * FRAME_MARGIN;
  const my = height * FRAME_MARGIN;
  const bottom = Math.min(maxY, height);
  const scale = Math.min(1, (width - 2 * mx) / (maxX - minX), (bottom - my) / Math.max(1, bottom - minY));
  if (scale < 1) {
    const cx = (minX + maxX) / 2;
    for (const p of placements) {
      p.x = cx + (p.x - cx) * scale;
      p.y = bottom - (bottom - p.y) * scale;
      p.height *= scale;
    }
  }
  const after = bounds();
  const dx = after.minX < mx ? mx - after.minX : after.maxX > width - mx ? width - mx - after.maxX : 0;
  const dy = after.maxY > height ? height - after.maxY : 0;
  for (const p of placements) {
    p.x += dx;
    p.y += dy;
  }
}
