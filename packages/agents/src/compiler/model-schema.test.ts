import { AGENT_CATEGORIES, AgentSpecSchema, AgentTriggerSchema } from '@spoke/shared';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { CORPUS } from './corpus.ts';
import { compileEmbedded } from './embedded.ts';
import { ModelSpecSchema } from './model-schema.ts';

type JsonObject = {
  properties: Record<string, JsonObject>;
  required?: string[];
  anyOf?: JsonObject[];
  oneOf?: JsonObject[];
  items?: JsonObject;
  enum?: string[];
  const?: string;
};

const modelJson = z.toJSONSchema(ModelSpecSchema, { io: 'input' }) as unknown as JsonObject;
const sharedJson = z.toJSONSchema(AgentSpecSchema, { io: 'input' }) as unknown as JsonObject;

const variants = (schema: JsonObject) =>
  (schema.anyOf ?? schema.oneOf ?? []).map((variant) => ({
    type: variant.properties.type!.const,
    keys: Object.keys(variant.properties).sort(),
    required: [...(variant.required ?? [])].sort(),
  }));

// The model is asked for the spec with ModelSpecSchema (zod classic, as providers want it); the
// answer is then held to the shared AgentSpecSchema. These tests keep the two shapes the same.
describe('ModelSpecSchema', () => {
  it('has the same fields as AgentSpecSchema but the plan, all required', () => {
    // The plan is written from the model's steps by typed-plan.ts, as for the embedded compiler.
    expect(Object.keys(modelJson.properties).sort()).toEqual(
      Object.keys(AgentSpecSchema.shape)
        .filter((key) => key !== 'plan')
        .sort(),
    );
    expect([...(modelJson.required ?? [])].sort()).toEqual([...(sharedJson.required ?? [])].sort());
  });

  it('has the same trigger variants with the same fields', () => {
    const shared = z.toJSONSchema(AgentTriggerSchema, { io: 'input' }) as unknown as JsonObject;
    expect(variants(modelJson.properties.trigger!)).toEqual(variants(shared));
  });

  it('has the same nested fields for integrations and steps, and the same categories', () => {
    for (const field of ['integrations', 'steps'] as const) {
      const items = (schema: JsonObject) => schema.properties[field]!.items!;
      expect(Object.keys(items(modelJson).properties).sort()).toEqual(
        Object.keys(items(sharedJson).properties).sort(),
      );
      expect([...(items(modelJson).required ?? [])].sort()).toEqual(
        [...(items(sharedJson).required ?? [])].sort(),
      );
    }
    expect(modelJson.properties.category!.enum).toEqual([...AGENT_CATEGORIES]);
  });

  it('describes every field for the model', () => {
    for (const [key, field] of Object.entries(ModelSpecSchema.shape)) {
      expect(field.description, key).toBeTruthy();
    }
  });

  it('accepts every spec the embedded compiler makes, as AgentSpecSchema does', () => {
    for (const item of CORPUS.slice(0, 60)) {
      const spec = compileEmbedded({ prompt: item.prompt });
      expect(ModelSpecSchema.safeParse(spec).success, item.prompt).toBe(true);
      expect(AgentSpecSchema.safeParse(spec).success, item.prompt).toBe(true);
    }
  });
});
