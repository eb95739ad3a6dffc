import type { z } from 'zod';

/**
 * Sample values for a request schema, built by walking the zod definition: every string leaf is
 * found, and a body can be made with one chosen leaf set to a hostile value and the others set
 * to plausible ones (hostile-input.test.ts). Only the shapes our contracts use are handled.
 */
type Path = string[];

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The paths of every string in the schema (through optional, default, pipe, arrays…). */
export function stringLeaves(schema: z.ZodType, path: Path = []): Path[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [path];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, s]) => stringLeaves(s, [...path, key]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType ? stringLeaves(def.innerType, path) : [];
    case 'pipe':
      return def.in ? stringLeaves(def.in, path) : [];
    case 'array':
      return def.element ? stringLeaves(def.element, [...path, '0']) : [];
    case 'union':
      return def.options?.[0] ? stringLeaves(def.options[0], path) : [];
    case 'intersection':
      return [
        ...(def.left ? stringLeaves(def.left, path) : []),
        ...(def.right ? stringLeaves(def.right, path) : []),
      ];
    case 'record':
      return def.valueType ? stringLeaves(def.valueType, [...path, 'key']) : [];
    default:
      return [];
  }
}

/** A value for the schema: `pick(path)` gives each string leaf its value. */
export function sample(schema: z.ZodType, pick: (path: Path) => string, path: Path = []): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return pick(path);
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return false;
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, s]) => [key, sample(s, pick, [...path, key])]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType ? sample(def.innerType, pick, path) : undefined;
    case 'pipe':
      return def.in ? sample(def.in, pick, path) : undefined;
    case 'array':
      return def.element ? [sample(def.element, pick, [...path, '0'])] : [];
    case 'union':
      return def.options?.[0] ? sample(def.options[0], pick, path) : undefined;
    case 'intersection':
      return {
        ...(def.left ? (sample(def.left, pick, path) as object) : {}),
        ...(def.right ? (sample(def.right, pick, path) as object) : {}),
      };
    case 'record':
      return def.valueType ? { key: sample(def.valueType, pick, [...path, 'key']) } : {};
    default:
      return undefined;
  }
}
