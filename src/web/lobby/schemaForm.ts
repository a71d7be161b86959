/**
 * The create form's option fields, read from the game's options schema (JSON Schema, as the server's
 * game list gives it): booleans become checkboxes, enums selects, numbers with bounds number inputs,
 * arrays of enum values a group of checkboxes. Anything else keeps its default and says so; a property
 * marked `deprecated` is not offered. The
 * server validates the options again (and knows rules across options the schema cannot say).
 */
import type { Json } from '../../protocol/index.ts';
import { OPTION_TEXT } from '../app/games.ts';
import { humanize } from './describe.ts';

interface FieldBase {
  readonly key: string;
  readonly label: string;
  /** The schema's description, else the client's help text for it. */
  readonly help: string | null;
  readonly initial: Json;
}

export type OptionField = FieldBase &
  (
    | { readonly kind: 'boolean' }
    | { readonly kind: 'enum'; readonly values: readonly string[]; readonly names: readonly string[] }
    | {
        readonly kind: 'number';
        readonly integer: boolean;
        readonly min: number | null;
        readonly max: number | null;
      }
    | {
        readonly kind: 'multi';
        readonly values: readonly string[];
        readonly names: readonly string[];
        readonly min: number | null;
        readonly max: number | null;
      }
    | { readonly kind: 'text'; readonly minLength: number | null; readonly maxLength: number | null }
    | { readonly kind: 'fixed' }
  );

type Schema = { readonly [key: string]: Json | undefined };

const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: Json | undefined): number | null => (typeof v === 'number' ? v : null);
const strings = (v: Json | undefined): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;

type Shape = { [K in OptionField['kind']]: Omit<Extract<OptionField, { kind: K }>, keyof FieldBase> };

/** Per JSON Schema type: the field it becomes, or null when this form cannot edit it. */
const FIELD_OF_TYPE: Record<
  string,
  (s: Schema, names: (v: string) => string) => Shape[OptionField['kind']] | null
> = {
  boolean: () => ({ kind: 'boolean' }),
  string: (s, names) => {
    const values = strings(s.enum);
    if (values) return { kind: 'enum', values, names: values.map(names) };
    return { kind: 'text', minLength: num(s.minLength), maxLength: num(s.maxLength) };
  },
  integer: (s) => numberField(s, true),
  number: (s) => numberField(s, false),
  array: (s, names) => {
    const items = isObject(s.items) ? s.items : null;
    const values = strings(items?.enum);
    if (!values) return null;
    return { kind: 'multi', values, names: values.map(names), min: num(s.minItems), max: num(s.maxItems) };
  },
};

function numberField(s: Schema, integer: boolean): Shape['number'] {
  // An exclusive bound is the next whole number for an integer; for a decimal the server refuses the bound itself.
  const step = integer ? 1 : 0;
  const above = num(s.exclusiveMinimum);
  const below = num(s.exclusiveMaximum);
  const min = num(s.minimum) ?? (above === null ? null : above + step);
  const max = num(s.maximum) ?? (below === null ? null : below - step);
  return { kind: 'number', integer, min, max };
}

/** The fields of a game's options, in the schema's order, starting from the server's defaults. */
export function optionFields(
  game: string,
  schema: { readonly [key: string]: Json },
  defaults: { readonly [key: string]: Json },
): OptionField[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  // A deprecated option is still accepted (old tables load) but no longer offered.
  const offered = Object.entries(properties).filter(([, raw]) => !(isObject(raw) && raw.deprecated === true));
  return offered.map(([key, raw]) => {
    const s: Schema = isObject(raw) ? raw : {};
    const text = OPTION_TEXT[`${game}.${key}`];
    const names = (v: string) => text?.values?.[v] ?? v;
    const base: FieldBase = {
      key,
      label: text?.label ?? (typeof s.title === 'string' ? s.title : humanize(key)),
      help: typeof s.description === 'string' ? s.description : (text?.help ?? null),
      initial: defaults[key] ?? s.default ?? null,
    };
    const type = typeof s.type === 'string' ? s.type : strings(s.enum) ? 'string' : '';
    const shape = FIELD_OF_TYPE[type]?.(s, names) ?? { kind: 'fixed' };
    return { ...base, ...shape } as OptionField;
  });
}

/** What is wrong with a field's value (as the form holds it), or null. */
export function fieldProblem(field: OptionField, value: Json): string | null {
  switch (field.kind) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'string' && value.trim() === '') return 'Enter a number.';
      if (!Number.isFinite(n)) return 'Enter a number.';
      if (field.integer && !Number.isInteger(n)) return 'Enter a whole number.';
      if (field.min !== null && n < field.min) return `At least ${field.min}.`;
      if (field.max !== null && n > field.max) return `At most ${field.max}.`;
      return null;
    }
    case 'multi': {
      const n = Array.isArray(value) ? value.length : 0;
      if (field.min !== null && field.min === field.max && n !== field.min)
        return `Choose exactly ${field.min} (${n} chosen).`;
      if (field.min !== null && n < field.min) return `Choose at least ${field.min} (${n} chosen).`;
      if (field.max !== null && n > field.max) return `Choose at most ${field.max} (${n} chosen).`;
      return null;
    }
    case 'text': {
      const n = typeof value === 'string' ? value.length : 0;
      if (field.minLength !== null && n < field.minLength) return `At least ${field.minLength} characters.`;
      if (field.maxLength !== null && n > field.maxLength) return `At most ${field.maxLength} characters.`;
      return null;
    }
    default:
      return null;
  }
}

/** The value to send: numbers typed as text become numbers; a multi-choice keeps the schema's order. */
export function fieldValue(field: OptionField, value: Json): Json {
  if (field.kind === 'number') return Number(value);
  if (field.kind === 'multi' && Array.isArray(value)) return field.values.filter((v) => value.includes(v));
  return value;
}
