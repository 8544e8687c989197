/**
 * The builder's palette (Form.io's `builder` option): what a collection's form can use. Left out:
 * buttons (the application supplies save and submit; the API strips submit buttons anyway), password
 * (never collected), URL, tags and address (tags and address need choices.js or an outside address
 * service), data maps, premium components (licensed; the file component comes through uploaded JSON)
 * and resource components (they need a Form.io server).
 */
export const PALETTE = {
  basic: { components: { password: false, button: false } },
  advanced: { components: { url: false, tags: false, address: false } },
  layout: {},
  data: { components: { datamap: false } },
  premium: false,
  resource: false,
} as const;

/** The component types the palette offers, given Form.io's registry of component classes. */
export function paletteTypes(
  registry: Record<string, { builderInfo?: { group?: string; schema?: unknown } }>,
) {
  const groups = PALETTE as Record<string, false | { components?: Record<string, boolean> }>;
  return Object.entries(registry)
    .filter(([type, componentClass]) => {
      const info = componentClass.builderInfo;
      const group = info?.group ? groups[info.group] : undefined;
      return Boolean(info?.schema && group && group.components?.[type] !== false);
    })
    .map(([type]) => type)
    .sort();
}
