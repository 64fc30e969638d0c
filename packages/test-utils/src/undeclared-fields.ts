type Schema = {
  $ref?: string;
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};

/**
 * The paths of the fields of `value` (a real result) that `schema` (JSON Schema) does not declare, at any
 * depth: `[]` when every field present is in the schema. A `oneOf`/`anyOf` counts as the branch that
 * declares most of the value among those whose `const` and `enum` fields it matches (`command: 'run'`);
 * `$ref`s within the schema (`#/…`) are followed.
 */
export function undeclaredFields(schema: object, value: unknown): string[] {
  return walk(schema as Schema, value, '$', schema as Schema);
}

function resolve(schema: Schema, root: Schema): Schema {
  if (schema.$ref === undefined) return schema;
  const path = schema.$ref.replace(/^#\/?/, '').split('/').filter(Boolean);
  let target: unknown = root;
  for (const part of path)
    target = (target as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return resolve(target as Schema, root);
}

function walk(given: Schema, value: unknown, path: string, root: Schema): string[] {
  const schema = resolve(given, root);
  if (value === null || typeof value !== 'object') return [];
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches !== undefined) {
    const { oneOf: _one, anyOf: _any, ...rest } = schema;
    const results = branches
      .map((branch) => resolve(branch, root))
      .filter((own) => matches(own, value as Record<string, unknown>))
      .map((own) => {
        return walk({ ...own, properties: { ...rest.properties, ...own.properties } }, value, path, root);
      });
    if (results.length === 0) return [`${path} (no branch of the schema fits it)`];
    return results.reduce((best, result) => (result.length < best.length ? result : best));
  }
  if (Array.isArray(value))
    return schema.items === undefined
      ? []
      : value.flatMap((item, i) => walk(schema.items as Schema, item, `${path}[${i}]`, root));
  const properties = { ...schema.properties };
  for (const part of schema.allOf ?? []) Object.assign(properties, resolve(part, root).properties);
  return Object.entries(value).flatMap(([key, field]) => {
    const declared =
      properties[key] ??
      (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    return declared === undefined ? [`${path}.${key}`] : walk(declared, field, `${path}.${key}`, root);
  });
}

/** Whether `value` has the values a branch's `const` and `enum` fields require (a discriminator). */
function matches(branch: Schema, value: Record<string, unknown>): boolean {
  return Object.entries(branch.properties ?? {}).every(
    ([key, field]) =>
      !(key in value) ||
      ('const' in field ? value[key] === field.const : (field.enum?.includes(value[key]) ?? true)),
  );
}
