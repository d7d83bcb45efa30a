/**
 * Requests to one operation of the document, drawn with fast-check: parameters and bodies meant to
 * fit their schemas, and mutations of them (wrong types, missing required fields, unknown fields,
 * boundaries, odd strings and dates, broken bodies, media types the operation does not take).
 * Each request is then classified by the document's own validator: valid or not by the document.
 */
import fc from "fast-check";
import type { OperationObject, ParameterObject, SchemaObject } from "@viewsets/core/docs";
import { type DocumentCheck, parameterValue } from "../openapi-check.js";
import { oddQueryText, oddValue, type Resolve, validValue } from "./values.js";

export interface DrawnRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  /** Why the document refuses it, or an empty list when it is valid by the document. */
  readonly invalid: string[];
}

/** The text of a parameter's value as a client puts it in a URL: its style and explode. */
function serialized(parameter: ParameterObject, value: unknown): string[] {
  if (!Array.isArray(value)) return [String(value)];
  if (parameter.explode === false) return [value.map(String).join(",")];
  return value.map(String);
}

/** A parameter's texts: mostly a value meant to fit, sometimes odd text. */
function parameterTexts(parameter: ParameterObject, resolve: Resolve, ids: readonly number[]): fc.Arbitrary<string[]> {
  const schema = parameter.schema as SchemaObject;
  // Only a parameter the document lets repeat (an array of repeated keys) is sent more than once.
  const repeats = JSON.stringify(schema).includes('"type":"array"') && parameter.explode !== false;
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema, resolve, ids).map((value) => serialized(parameter, value)) },
    { weight: 1, arbitrary: fc.array(oddQueryText, { minLength: 1, maxLength: repeats ? 2 : 1 }) },
  );
}

type Mutation = (body: unknown) => fc.Arbitrary<unknown>;

/** Ways to spoil a JSON body meant to fit: each keeps the rest of it as it was. */
const MUTATIONS: Mutation[] = [
  // a required field missing
  (body) =>
    isRecord(body) && Object.keys(body).length > 0
      ? fc.constantFrom(...Object.keys(body)).map((key) => omit(body, key))
      : fc.constant(body),
  // an unknown field
  (body) => fc.constantFrom("colour", "__proto__", "Name", "").map((key) => ({ ...(body as object), [key]: 1 })),
  // a field of another type, an odd string or date, a boundary
  (body) =>
    isRecord(body) && Object.keys(body).length > 0
      ? fc.tuple(fc.constantFrom(...Object.keys(body)), oddValue()).map(([key, value]) => ({ ...body, [key]: value }))
      : oddValue(),
  // not an object at all
  () => oddValue(),
  // a bulk create past its most items
  (body) => fc.constant(Array.from({ length: 101 }, () => body)),
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function omit(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = body;
  return rest;
}

/** A form body from an object: each scalar as its text (a form has no null and no nesting). */
function formText(body: unknown): string {
  const form = new URLSearchParams();
  if (isRecord(body)) {
    for (const [key, value] of Object.entries(body)) {
      if (value !== null && typeof value !== "object") form.append(key, String(value));
    }
  }
  return form.toString();
}

/** A form's fields typed by the schema's properties, as the server types a form by its model's fields. */
function formObject(text: string, schema: SchemaObject, resolve: Resolve): Record<string, unknown> {
  const properties = (resolve(schema).properties ?? {}) as Record<string, SchemaObject>;
  const typed: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const type = properties[key] ? resolve(properties[key]).type : undefined;
    if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(value)) typed[key] = Number(value);
    else if (type === "boolean" && (value === "true" || value === "false")) typed[key] = value === "true";
    else typed[key] = value;
  }
  return typed;
}

interface Body {
  readonly mediaType: string | undefined;
  readonly text: string | undefined;
}

function bodies(
  operation: OperationObject,
  check: DocumentCheck,
  resolve: Resolve,
  ids: readonly number[],
): fc.Arbitrary<Body> {
  const requestBody = check.requestBody(operation);
  if (!requestBody) return fc.constant({ mediaType: undefined, text: undefined });
  const declared = Object.entries(requestBody.content);
  const json = declared.find(([type]) => type.endsWith("json"))!;
  const valid = validValue(json[1].schema as SchemaObject, resolve, ids);
  const mutated = valid.chain((body) => fc.oneof(...MUTATIONS.map((mutation) => mutation(body))));
  const jsonBody = (mediaType: string) =>
    fc
      .oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: mutated })
      .map((body): Body => ({ mediaType, text: JSON.stringify(body) ?? "null" }));
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...declared.map(([type]) => type))
        .chain((type) =>
          type.endsWith("json")
            ? jsonBody(type)
            : valid.map((body): Body => ({ mediaType: type, text: formText(body) })),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { mediaType: "application/json", text: '{"name": ' },
        { mediaType: "application/json", text: "" },
        { mediaType: undefined, text: '{"name": "x"}' },
        { mediaType: "text/plain", text: "name=x" },
        { mediaType: "application/xml", text: "<product/>" },
        { mediaType: "application/vnd.api+json", text: "{}" },
      ),
    },
  );
}

/** Why the body is not one the document takes (an empty list when it is). */
function bodyProblems(operation: OperationObject, check: DocumentCheck, resolve: Resolve, body: Body): string[] {
  const requestBody = check.requestBody(operation);
  if (!requestBody) return [];
  if (body.text === undefined || body.text === "") return requestBody.required ? ["a required body is missing"] : [];
  const content = body.mediaType === undefined ? undefined : requestBody.content[body.mediaType];
  if (!content) return [`media type ${body.mediaType} is not declared`];
  const schema = content.schema as SchemaObject;
  if (body.mediaType!.endsWith("json")) {
    try {
      return check.problems(schema, JSON.parse(body.text));
    } catch {
      return ["the body is not JSON"];
    }
  }
  return check.problems(schema, formObject(body.text, schema, resolve));
}

/** Requests to one operation, each with the document's verdict on it. */
export function requestsTo(
  path: string,
  operation: OperationObject,
  check: DocumentCheck,
  resolve: Resolve,
  ids: readonly number[],
): fc.Arbitrary<DrawnRequest> {
  const parameters = check.parameters(operation);
  const drawn: Record<string, fc.Arbitrary<string[] | null>> = {};
  for (const parameter of parameters) {
    const texts = parameterTexts(parameter, resolve, ids);
    drawn[parameter.name] = parameter.required
      ? texts
      : fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: texts });
  }
  return fc
    .tuple(
      fc.record(drawn),
      bodies(operation, check, resolve, ids),
      fc.constantFrom(null, null, null, null, "text/html"),
    )
    .map(([values, body, accept]) => {
      const invalid: string[] = [];
      let url = path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {};
      for (const parameter of parameters) {
        let texts = values[parameter.name];
        // No value is no parameter (an empty array has no repeated key to send).
        if (texts === null || texts === undefined || texts.length === 0) continue;
        // A path segment that would make it another route (empty, "." or "..") is an odd id of this one.
        if (parameter.in === "path" && /^\.{0,2}$/.test(texts[0]!)) texts = ["x"];
        // A path segment or a header holds one value.
        if (parameter.in !== "query") texts = [texts[0]!];
        const problems = check.problems(parameter.schema as SchemaObject, parameterValue(parameter, texts));
        if (problems.length > 0) invalid.push(`${parameter.name}: ${problems.join("; ")}`);
        if (parameter.in === "path") url = url.replace(`{${parameter.name}}`, encodeURIComponent(texts[0]!));
        else if (parameter.in === "header") headers[parameter.name] = texts[0]!.replace(/[^\x20-\x7e]/g, "");
        else for (const text of texts) query.append(parameter.name, text);
      }
      invalid.push(...bodyProblems(operation, check, resolve, body));
      if (body.mediaType !== undefined) headers["content-type"] = body.mediaType;
      if (accept !== null) headers.accept = accept;
      const search = query.toString();
      return { url: search === "" ? url : `${url}?${search}`, headers, body: body.text, invalid };
    });
}
