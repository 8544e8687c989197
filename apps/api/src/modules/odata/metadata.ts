import { xmlText } from '../exports/xlsx-writer';
import type { FeedModel, Property } from './model';

/**
 * The service document and the CSDL ($metadata) of a collection's feed (OData v4.0, decision 0040).
 * Every property carries its question's words as Core.Description; a choice question its values as
 * Validation.AllowedValues, each value's label as its Core.Description (the standard vocabularies
 * Power BI and other clients already know, so no vocabulary of our own is needed).
 */
export const NAMESPACE = 'DataCollection';
const CORE = 'https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml';
const VALIDATION = 'https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Validation.V1.xml';

/** Attribute text: the XLSX writer's XML escaping (control characters dropped), and quotes. */
const xml = (text: string) => xmlText(text).replace(/"/g, '&quot;');

const description = (text: string) => `<Annotation Term="Core.Description" String="${xml(text)}"/>`;

function propertyXml(p: Property, key = false): string {
  const facets =
    p.type === 'Edm.Decimal' ? ' Scale="variable"' : p.type === 'Edm.DateTimeOffset' ? ' Precision="3"' : '';
  const nullable = key ? ' Nullable="false"' : '';
  const choices = p.column?.type === 'selectboxes' ? undefined : p.column?.choices;
  const allowed = choices
    ? `<Annotation Term="Validation.AllowedValues"><Collection>${choices
        .map(
          (c) =>
            `<Record><PropertyValue Property="Value" String="${xml(c.value)}"/>${description(c.label)}</Record>`,
        )
        .join('')}</Collection></Annotation>`
    : '';
  return `<Property Name="${p.name}" Type="${p.type}"${nullable}${facets}>${description(p.label)}${allowed}</Property>`;
}

export function metadataXml(model: FeedModel): string {
  const returnsType = `<EntityType Name="Return"><Key><PropertyRef Name="Id"/></Key>${model.returns
    .map((p) => propertyXml(p, p.name === 'Id'))
    .join('')}${model.grids
    .map((g) => `<NavigationProperty Name="${g.name}" Type="Collection(${NAMESPACE}.${g.name})"/>`)
    .join('')}</EntityType>`;
  const gridTypes = model.grids.map(
    (g) =>
      `<EntityType Name="${g.name}"><Key><PropertyRef Name="ReturnId"/><PropertyRef Name="RowNumber"/></Key>${g.properties
        .map((p) => propertyXml(p, p.name === 'ReturnId' || p.name === 'RowNumber'))
        .join(
          '',
        )}<NavigationProperty Name="Return" Type="${NAMESPACE}.Return" Nullable="false"><ReferentialConstraint Property="ReturnId" ReferencedProperty="Id"/></NavigationProperty>${description(
        g.label,
      )}</EntityType>`,
  );
  const sets = [
    `<EntitySet Name="Returns" EntityType="${NAMESPACE}.Return">${model.grids
      .map((g) => `<NavigationPropertyBinding Path="${g.name}" Target="${g.name}"/>`)
      .join('')}</EntitySet>`,
    ...model.grids.map(
      (g) =>
        `<EntitySet Name="${g.name}" EntityType="${NAMESPACE}.${g.name}"><NavigationPropertyBinding Path="Return" Target="Returns"/></EntitySet>`,
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">',
    `<edmx:Reference Uri="${CORE}"><edmx:Include Namespace="Org.OData.Core.V1" Alias="Core"/></edmx:Reference>`,
    `<edmx:Reference Uri="${VALIDATION}"><edmx:Include Namespace="Org.OData.Validation.V1" Alias="Validation"/></edmx:Reference>`,
    '<edmx:DataServices>',
    `<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="${NAMESPACE}">`,
    returnsType,
    ...gridTypes,
    `<EntityContainer Name="Feed">${sets.join('')}</EntityContainer>`,
    '</Schema>',
    '</edmx:DataServices>',
    '</edmx:Edmx>',
  ].join('\n');
}

/** The service document: the entity sets, relative to the service root. */
export function serviceDocument(serviceRoot: string, model: FeedModel) {
  return {
    '@odata.context': `${serviceRoot}/$metadata`,
    value: [
      { name: 'Returns', kind: 'EntitySet', url: 'Returns' },
      ...model.grids.map((g) => ({ name: g.name, kind: 'EntitySet', url: g.name })),
    ],
  };
}
