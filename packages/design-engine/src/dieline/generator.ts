import type { BoxId } from '@packsmith/contracts';
import { z } from 'zod';
import type { Dieline } from './types.js';

/**
 * One box family: a zod schema of its parameters (millimetres) and a pure render function.
 * The registry binds each catalogue box id to one generator and that box's default params.
 */
export interface DielineGenerator<S extends z.ZodType<Record<string, unknown>>> {
  readonly family: string;
  readonly schema: S;
  render(params: z.output<S>, boxId: BoxId): Dieline;
}

export function defineGenerator<S extends z.ZodType<Record<string, unknown>>>(generator: DielineGenerator<S>): DielineGenerator<S> {
  return generator;
}

/** A length in millimetres: finite, positive, at most 3 m (larger is not a pack). */
export const lengthMm = () => z.number().positive().max(3000);

/** Board or film caliper in millimetres. */
export const thicknessMm = () => z.number().min(0).max(12);

/** Clamp helper used by the default-size rules of several families. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Board must be much thinner than the panels it folds into (1/8 of the smallest given size):
 * beyond that folds stop behaving like creases and the allowances here stop holding.
 */
export function caliperFits(p: { thickness: number }, ...sizes: number[]): boolean {
  return p.thickness <= Math.min(...sizes) / 8;
}

export const CALIPER_MESSAGE = { message: 'thickness must be at most 1/8 of the smallest dimension.', path: ['thickness'] };
