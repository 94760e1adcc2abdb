// What a place is to the painter: where its horizon and ground lie, and how it paints itself.
import type { ScenePlace } from '@pictura/common/scene';
import type { Canvas } from './canvas.ts';

export interface Place {
  /** Logical y where sky meets land; the sun sits above it. */
  horizon: number;
  ground: [top: number, bottom: number];
  floating?: boolean;
  /** Paints its own sky (indoors, space, underwater) and weather. */
  ownSky?: boolean;
  paint(c: Canvas, horizon: number): void;
}

/** A group of places, keyed by the names the scene reader gives them. */
export type Places<K extends ScenePlace | 'land'> = Record<K, Place>;
