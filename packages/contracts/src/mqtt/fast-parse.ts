/**
 * A quick first look at a device message, compiled from its zod schema: the schema stays the one
 * statement of what a message is, and this only walks it once into plain checks.
 *
 * A state report from every machine every few seconds is the gateway's bulk: zod's general parser
 * took about a fifth of the api's CPU under a 10,000-machine fleet. The compiled check answers the
 * common case (a well-formed message) with the same output zod gives (unknown keys stripped); on
 * anything else (a failed check, or a part of the schema it does not know) it answers `undecided`,
 * and zod parses the message as before, so what is refused and why is always zod's.
 * `fast-parse.test.ts` holds the two to the same answers over generated messages.
 */
import type { z } from 'zod';

export const undecided: unique symbol = Symbol('undecided');

/** What is known of zod 4's internals here: a schema's definition and its checks' definitions. */
type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  innerType?: Schema;
  element?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
};
type CheckDef = {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  pattern?: RegExp;
  maximum?: number;
  minimum?: number;
  length?: number;
  fn?: (value: never) => unknown;
  when?: unknown;
  abort?: boolean;
};
type Schema = { _zod: { def: Def } };

/** Thrown while compiling: this part of the schema is not one this knows; zod decides it. */
class Unknown extends Error {}

/** Generates the checks as one piece of code: closures per field were no quicker than zod itself. */
class Generator {
  readonly refs: unknown[] = [];
  readonly functions: string[] = [];

  ref(value: unknown): string {
    this.refs.push(value);
    return `r[${this.refs.length - 1}]`;
  }

  /** A condition on `v` that holds when the check passes. */
  condition(def: CheckDef): string {
    switch (def.check) {
      case 'number_format':
        if (def.format !== 'safeint') throw new Unknown(`number format ${def.format}`);
        return 'Number.isSafeInteger(v)';
      case 'greater_than':
        return `v ${def.inclusive ? '>=' : '>'} ${Number(def.value)}`;
      case 'less_than':
        return `v ${def.inclusive ? '<=' : '<'} ${Number(def.value)}`;
      case 'string_format': {
        const pattern = def.pattern;
        if (def.format !== 'regex' || !pattern || pattern.global || pattern.sticky)
          throw new Unknown(`string format ${def.format}`);
        return `${this.ref(pattern)}.test(v)`;
      }
      case 'max_length':
        return `v.length <= ${Number(def.maximum)}`;
      case 'min_length':
        return `v.length >= ${Number(def.minimum)}`;
      case 'length_equals':
        return `v.length === ${Number(def.length)}`;
      case 'custom':
        // A refinement run only on some condition is zod's to judge.
        if (!def.fn || def.when !== undefined) throw new Unknown('custom check');
        return `${this.ref(def.fn)}(v)`;
      default:
        throw new Unknown(`check ${def.check}`);
    }
  }

  /** Declares a function of `v` answering its output or U; returns its name. */
  declare(body: string, def: Def): string {
    const conditions = (def.checks ?? []).map((c) => this.condition(c._zod.def));
    const name = `f${this.functions.length}`;
    this.functions.push(''); // keeps the name taken while the body's own functions are declared
    const checks = conditions.map((c) => `if (!(${c})) return U;`).join(' ');
    this.functions[Number(name.slice(1))] = `function ${name}(v) { ${body.replace('/*checks*/', () => checks)} }`;
    return name;
  }

  schema(schema: Schema): string {
    const def = schema._zod.def;
    switch (def.type) {
      case 'string':
        return this.declare(`if (typeof v !== 'string') return U; /*checks*/ return v;`, def);
      case 'number':
        return this.declare(`if (typeof v !== 'number' || !Number.isFinite(v)) return U; /*checks*/ return v;`, def);
      case 'boolean':
        return this.declare(`if (typeof v !== 'boolean') return U; /*checks*/ return v;`, def);
      case 'enum':
      case 'literal': {
        const values = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
        if (!values.every((x) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean'))
          throw new Unknown('literal of another kind');
        const test = values.map((x) => `v === ${JSON.stringify(x)}`).join(' || ') || 'false';
        return this.declare(`if (!(${test})) return U; /*checks*/ return v;`, def);
      }
      case 'nullable': {
        const inner = this.schema(def.innerType as Schema);
        return this.declare(
          `if (v === null) return null; v = ${inner}(v); if (v === U) return U; /*checks*/ return v;`,
          def,
        );
      }
      case 'array': {
        const element = this.schema(def.element as Schema);
        return this.declare(
          `if (!Array.isArray(v)) return U; /*checks*/ const out = new Array(v.length);
           for (let i = 0; i < v.length; i++) { const x = ${element}(v[i]); if (x === U) return U; out[i] = x; }
           v = out; return v;`,
          def,
        );
      }
      case 'union': {
        // The first option that takes the value gives the output, as zod's union does.
        const options = (def.options ?? []).map((option) => this.schema(option));
        const tries = options.map((option) => `x = ${option}(v); if (x !== U) { v = x; break; }`).join(' ');
        return this.declare(
          `let x = U; do { ${tries} } while (false); if (x === U) return U; /*checks*/ return v;`,
          def,
        );
      }
      case 'record': {
        if (def.keyType?._zod.def.type !== 'string') throw new Unknown('record keys other than strings');
        const key = this.schema(def.keyType);
        const value = this.schema(def.valueType as Schema);
        return this.declare(
          `if (typeof v !== 'object' || v === null || Array.isArray(v)) return U;
           const out = {};
           for (const k of Object.keys(v)) {
             if (k === '__proto__' || ${key}(k) === U) return U;
             const x = ${value}(v[k]); if (x === U) return U; out[k] = x;
           }
           v = out; /*checks*/ return v;`,
          def,
        );
      }
      case 'object': {
        if (def.catchall !== undefined) throw new Unknown('object with a catchall');
        const lines = Object.entries(def.shape ?? {}).map(([key, field]) => {
          const optional = field._zod.def.type === 'optional';
          const k = JSON.stringify(key);
          let check: string;
          try {
            check = this.schema(optional ? (field._zod.def.innerType as Schema) : field);
          } catch (error) {
            if (!(error instanceof Unknown)) throw error;
            // A field this cannot check: a message that carries it is zod's to parse.
            check = 'undecidable';
          }
          const absent = optional ? `if (!(${k} in o)) {} else return U;` : 'return U;';
          return `x = o[${k}]; if (x === undefined) { ${absent} } else { x = ${check}(x); if (x === U) return U; out[${k}] = x; }`;
        });
        // The object's own checks (a refinement) see the output, as zod's do.
        return this.declare(
          `if (typeof v !== 'object' || v === null || Array.isArray(v)) return U;
           const o = v; const out = {}; let x; ${lines.join('\n')} v = out; /*checks*/ return v;`,
          def,
        );
      }
      default:
        throw new Unknown(`schema type ${def.type}`);
    }
  }
}

/**
 * The quick check of `schema`: its output for a value it can vouch for, `undecided` otherwise.
 * A schema this cannot compile at all gets a check that always answers `undecided`.
 */
export function compileFastParse<S extends z.ZodType>(schema: S): (value: unknown) => z.output<S> | typeof undecided {
  try {
    const generator = new Generator();
    const entry = generator.schema(schema as unknown as Schema);
    const source = `function undecidable() { return U; }\n${generator.functions.join('\n')}\nreturn ${entry};`;
    return new Function('r', 'U', source)(generator.refs, undecided) as (
      value: unknown,
    ) => z.output<S> | typeof undecided;
  } catch (error) {
    if (!(error instanceof Unknown)) throw error;
    return () => undecided;
  }
}
