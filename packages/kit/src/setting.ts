import { z } from 'zod';

const DURATION = /^(\d+)\s*(ms|s|m|h|d)?$/;
const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 };

/** Parses "900", "900s", "15m", "7d" into whole seconds. */
export function parseDurationSeconds(value: string): number {
  const match = DURATION.exec(value.trim());
  if (!match) throw new Error(`"${value}" is not a duration (examples: 900, 15m, 7d)`);
  const seconds = Math.floor(Number(match[1]) * UNIT_SECONDS[match[2] ?? 's']);
  if (seconds <= 0) throw new Error(`"${value}" must be a positive duration`);
  return seconds;
}

/** A duration in milliseconds ("250ms", "2s", "1m"). */
function durationMs(v: string, ctx: z.RefinementCtx): number {
  const match = DURATION.exec(v.trim());
  const ms = match ? Math.floor(Number(match[1]) * UNIT_SECONDS[match[2] ?? 's'] * 1000) : 0;
  if (ms <= 0) {
    ctx.addIssue({ code: 'custom', message: `"${v}" is not a positive duration (examples: 250ms, 2s)` });
    return z.NEVER;
  }
  return ms;
}

/**
 * Builders of configuration variables (environment text in, typed value out), shared by the
 * platform's base settings and each subgraph's own (`defineSubgraph({ settings })`).
 */
export const setting = {
  /** A duration ("900", "15m", "7d") in whole seconds, at least one. */
  duration: (fallback: string) =>
    z
      .string()
      .default(fallback)
      .transform((v, ctx) => {
        try {
          return parseDurationSeconds(v);
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: (e as Error).message });
          return z.NEVER;
        }
      }),
  /** A duration ("250ms", "2s") in milliseconds. */
  durationMs: (fallback: string) => z.string().default(fallback).transform((v, ctx) => durationMs(v, ctx)),
  /** A TCP port; 0 picks a free one. */
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  /** An optional URL; an empty value counts as unset. */
  optionalUrl: () =>
    z
      .string()
      .trim()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(z.string().url().optional())
      .optional(),
  /** Any schema, with an empty value counting as unset (the usual convention for environment files). */
  unsetIfEmpty: <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema),
};

/** A fragment of the platform configuration: variable name -> its schema (with `.describe(...)`). */
export type SettingsShape = { readonly [variable: string]: z.ZodType };
/** The values of a settings fragment, as the loaded configuration holds them. */
export type SettingsOf<S extends SettingsShape> = z.output<z.ZodObject<S>>;
