/** The part of odata-csdl (the OASIS OData TC's CSDL XML to JSON converter, no types) the tests use. */
declare module 'odata-csdl' {
  /** CSDL JSON of a CSDL XML document; `strict` throws on anything the CSDL schema does not allow. */
  export function xml2json(xml: string, options?: { strict?: boolean }): Record<string, unknown>;
}
