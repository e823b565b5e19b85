import fc from 'fast-check';
import { z } from 'zod';

/**
 * Arbitraries for requests a careless or hostile client might send a route: values shaped by the
 * route's own zod schema, bent at any depth into wrong types, huge, nested or odd values, and sent
 * in any content type, broken ones included.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** The JSON Schema of a route's zod schema as a client would have to satisfy it. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  return schema instanceof z.ZodType ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + 1);
  const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - 1);
  const edges = [min, max, 0, -1, 1, 0.5, -0, 2 ** 31, 2 ** 32 + 1, 1e11 + 0.25, Number.MAX_SAFE_INTEGER - 91, Number.MAX_SAFE_INTEGER].filter((edge): edge is number => edge !== undefined);
  const low = min ?? -Number.MAX_SAFE_INTEGER;
  const high = max ?? Number.MAX_SAFE_INTEGER;
  // Money is whole minor units, so a number is mostly an integer too.
  const integers = fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  const inRange = integer ? integers : fc.oneof(integers, fc.double({ min: low, max: high, noNaN: true }));
  return fc.oneof({ arbitrary: inRange, weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 2 }, { arbitrary: fc.integer({ min: 0, max: 10_000_000 }), weight: 2 });
}

/** Strings people and scripts type: empty, blank, right-to-left, control characters, NUL, lone surrogates, markup. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff x', '٠١٢٣٤٥٦٧٨٩', 'مزاد', '\u202Eevil', '<script>alert(1)</script>', "' OR 1=1 --", '%', '%00', '../..', '\r\n', 'null', 'NaN', '-1', '1e400', '99999999999999999999999', '__proto__', 'constructor'),
);

function stringValue(schema: JsonSchema, bent: boolean): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 80, 300));
  const fitting =
    schema.format === 'email'
      ? fc.emailAddress()
      : schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length >= minLength && value.length <= maxLength)
        : fc.oneof(fc.string({ minLength, maxLength }), fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, Math.min(maxLength, 60)) }));
  if (!bent) return fitting;
  return fc.oneof(
    { arbitrary: fitting, weight: 3 },
    { arbitrary: oddString, weight: 2 },
    // One past the longest the schema allows, and far beyond it.
    { arbitrary: fc.constantFrom(schema.maxLength === undefined ? 'x'.repeat(10_000) : 'x'.repeat(schema.maxLength + 1), 'ي'.repeat(20_000)), weight: 1 },
  );
}

/** A JSON value nested this many levels deep, arrays and objects alternating. */
function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

/** Values of any other type than the schema asked for, and shapes no schema wants. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 9007199254740900, '', [], {}, [null], { '': '' }),
  oddString,
  fc.constantFrom(nested(50), nested(2_000), Array.from({ length: 10_000 }, (_, index) => index), 'x'.repeat(200_000), JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: { admin: true } } }),
  fc.jsonValue({ maxDepth: 4 }),
);

/**
 * A value for `schema`. Unbent, it keeps to the schema's types, lengths and ranges, so requests
 * reach the handlers behind validation; bent, any part of it may turn odd, hostile or missing.
 */
export function valueOf(schema: JsonSchema | undefined, bent: boolean, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostileValue;
  if (!bent) return plausibleValueOf(schema, false, depth);
  return fc.oneof({ arbitrary: plausibleValueOf(schema, true, depth), weight: 6 }, { arbitrary: hostileValue, weight: 1 });
}

function plausibleValueOf(schema: JsonSchema, bent: boolean, depth: number): fc.Arbitrary<unknown> {
  const inner = (child: JsonSchema | undefined) => valueOf(child, bent, depth + 1);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(inner));
  if (schema.allOf?.[0]) return inner(schema.allOf[0]);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) {
    const values = fc.constantFrom(...schema.enum);
    return bent ? fc.oneof({ arbitrary: values, weight: 4 }, { arbitrary: fc.constantFrom(...schema.enum.map((entry) => String(entry).toLowerCase())), weight: 1 }) : values;
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringValue(schema, bent);
    case 'integer':
      return numberValue(schema, true);
    case 'number':
      return numberValue(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 5, 8);
      return fc.array(inner(schema.items), { minLength: Math.min(schema.minItems ?? 0, maxLength), maxLength: bent ? maxLength + 1 : maxLength });
    }
    case 'object':
      return objectValue(schema, bent, depth);
    default:
      return hostileValue;
  }
}

function objectValue(schema: JsonSchema, bent: boolean, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = properties.filter(([key]) => schema.required?.includes(key)).map(([key]) => key);
  const record = fc.record(Object.fromEntries(properties.map(([key, property]) => [key, valueOf(property, bent, depth + 1)])), { requiredKeys: required });
  if (!bent) return record;
  return fc
    .tuple(record, fc.subarray(required, { maxLength: Math.min(1, required.length) }), fc.option(fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 }), { freq: 4 }))
    .map(([value, missing, extra]) => {
      const bentValue: Record<string, unknown> = { ...value, ...extra };
      for (const key of missing) delete bentValue[key];
      return bentValue;
    });
}

/** Percent-encodes as a browser would; a lone surrogate has no UTF-8 form, so it goes as U+FFFD. */
export const encodeComponent = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udfff]/gu, '\ufffd'));

/** A path parameter: mostly a value the app knows (a real ad's slug), or a very long, unicode, dotted or wrongly encoded one. */
export function pathSegment(known: readonly string[]): fc.Arbitrary<string> {
  const encoded = (value: fc.Arbitrary<string>) => value.map(encodeComponent);
  return fc.oneof(
    { arbitrary: known.length ? encoded(fc.constantFrom(...known)) : encoded(fc.string({ minLength: 1 })), weight: 10 },
    { arbitrary: encoded(oddString.filter((value) => value.length > 0)), weight: 2 },
    { arbitrary: encoded(fc.constantFrom('x'.repeat(5_000), 'ع'.repeat(3_000))), weight: 1 },
    // Sent as they are: traversal, broken and double percent-encoding, encoded slashes and NUL, raw unicode.
    { arbitrary: fc.constantFrom('..', '.', '%2e%2e', '%2E%2E%2F%2E%2E', '%', '%ZZ', '%E0%A4%A', '%C0%AF', '%00', '%252e', 'a%2Fb', '%FF%FE', 'مزاد', '%F0%9F%92%A9', '~', ';', 'x;y=1', '-1', '0', '1e3'), weight: 2 },
  );
}

/** A query string from the route's querystring schema, with repeated, bracketed, unknown or broken keys. */
export function queryString(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const keys = Object.keys(schema?.properties ?? {});
  const known = keys.length ? fc.constantFrom(...keys) : fc.constant('q');
  const value = (key: string) => valueOf(schema?.properties?.[key] ?? {}, true).map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry) ?? ''));
  const pair = known.chain((key) =>
    fc.oneof(
      { arbitrary: value(key).map((entry) => `${encodeComponent(key)}=${encodeComponent(entry)}`), weight: 6 },
      { arbitrary: fc.constant(encodeComponent(key)), weight: 1 },
      { arbitrary: fc.constantFrom(`${key}[]=1`, `${key}[a]=1`, `${key}=%ZZ`, `${key}=%00`, `${key}=${'9'.repeat(400)}`, `${key}=${'x'.repeat(5_000)}`), weight: 2 },
    ),
  );
  return fc
    .tuple(fc.array(pair, { maxLength: 6 }), fc.option(fc.constantFrom('__proto__=x', 'constructor[prototype][a]=1', '=', '&&&', '%', 'a=1&a=2&a=3'), { freq: 5 }))
    .map(([pairs, odd]) => [...pairs, ...(odd ? [odd] : [])].join('&'));
}

export interface FuzzBody {
  contentType?: string;
  payload?: string | Buffer;
}

function multipart(boundary: string, parts: string): string {
  return `--${boundary}\r\n${parts}`;
}

/** Multipart bodies that are broken in each of the ways a client or a cut connection can break them. */
export const brokenMultipart: fc.Arbitrary<FuzzBody> = fc.constantFrom<FuzzBody>(
  { contentType: 'multipart/form-data', payload: 'no boundary at all' },
  { contentType: 'multipart/form-data; boundary=', payload: '--\r\n\r\n' },
  { contentType: 'multipart/form-data; boundary=abc', payload: '' },
  { contentType: 'multipart/form-data; boundary=abc', payload: 'garbage without any boundary' },
  { contentType: 'multipart/form-data; boundary=abc', payload: multipart('abc', 'Content-Disposition: form-data; name="file"; filename="a.png"\r\n\r\ntruncated') },
  { contentType: 'multipart/form-data; boundary=abc', payload: multipart('abc', 'no headers end') },
  { contentType: 'multipart/form-data; boundary=abc', payload: multipart('abc', 'Content-Disposition: form-data; name="field"\r\n\r\nvalue\r\n--abc--\r\n') },
  { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: multipart('b'.repeat(300), '\r\n\r\nx\r\n') },
);

/**
 * A body for a route: its schema's values as JSON mostly, else the wrong content type, invalid or
 * empty JSON, JSON past the body limit, or broken multipart.
 */
export function bodyOf(schema: JsonSchema | undefined): fc.Arbitrary<FuzzBody> {
  const json = (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' });
  const variants: fc.WeightedArbitrary<FuzzBody>[] = [
    { arbitrary: valueOf(schema ?? {}, false).map(json), weight: 8 },
    { arbitrary: valueOf(schema ?? {}, true).map(json), weight: 8 },
    { arbitrary: hostileValue.map(json), weight: 2 },
    { arbitrary: fc.constant<FuzzBody>({}), weight: 1 },
    {
      arbitrary: fc.constantFrom<FuzzBody>(
        { contentType: 'application/json', payload: '' },
        { contentType: 'application/json', payload: '{"a":' },
        { contentType: 'application/json', payload: '{"__proto__":{"admin":true}}' },
        { contentType: 'application/json', payload: '{"constructor":{"prototype":{"admin":true}}}' },
        { contentType: 'application/json', payload: '\u0000' },
        { contentType: 'application/json', payload: 'null' },
        { contentType: 'application/json', payload: `"${'x'.repeat(1_100_000)}"` },
        { contentType: 'application/json', payload: `[${'1,'.repeat(400_000)}1]` },
        { contentType: 'application/json', payload: `${'['.repeat(400_000)}${']'.repeat(400_000)}` },
        { contentType: 'application/json', payload: '{"a":"\\u0000","b":{"\\u0000":1}}' },
        { contentType: 'application/json; charset=utf-16', payload: '{}' },
        { contentType: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]) },
        { contentType: 'text/plain', payload: 'hello' },
        { contentType: 'text/plain', payload: '{"amount":1}' },
        { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b[]=2&amount=3' },
        { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 3]) },
        { contentType: 'application/xml', payload: '<a/>' },
        { contentType: '', payload: '{}' },
        { contentType: ';;;', payload: '{}' },
      ),
      weight: 4,
    },
    { arbitrary: oddString.map((payload) => ({ contentType: 'application/json', payload })), weight: 1 },
    { arbitrary: brokenMultipart, weight: 2 },
  ];
  return fc.oneof(...variants);
}
