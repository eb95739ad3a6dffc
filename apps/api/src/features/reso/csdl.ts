import { escapeHtml } from '../../lib/escape-html.ts';
import {
  RESO_ENUM_NAMESPACE,
  RESO_ENUMS,
  RESO_NAMESPACE,
  RESO_RESOURCES,
  type ResoField,
  type ResoResource,
} from '../../rules/reso-fields.ts';

/**
 * `$metadata`: the OData CSDL XML describing what we publish (issue 49), written from the same
 * field list the queries are checked against, so the two cannot disagree.
 */

const attr = (v: string | number) => escapeHtml(String(v));

function property(field: ResoField): string {
  const type =
    typeof field.type === 'object' ? `${RESO_ENUM_NAMESPACE}.${field.type.enum}` : field.type;
  const facets = [
    field.maxLength !== undefined ? ` MaxLength="${field.maxLength}"` : '',
    field.precision !== undefined ? ` Precision="${field.precision}"` : '',
    field.scale !== undefined ? ` Scale="${field.scale}"` : '',
    field.required ? ' Nullable="false"' : '',
  ].join('');
  return `        <Property Name="${attr(field.name)}" Type="${attr(type)}"${facets}/>`;
}

function entityType(resource: ResoResource): string {
  return [
    `      <EntityType Name="${resource.name}">`,
    `        <Key><PropertyRef Name="${resource.key}"/></Key>`,
    ...resource.fields.map(property),
    '      </EntityType>',
  ].join('\n');
}

function enumType(name: string, members: readonly string[]): string {
  return [
    `      <EnumType Name="${attr(name)}">`,
    ...members.map((m, i) => `        <Member Name="${attr(m)}" Value="${i}"/>`),
    '      </EnumType>',
  ].join('\n');
}

export function resoMetadataXml(
  resources: readonly ResoResource[] = Object.values(RESO_RESOURCES),
) {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">',
    '  <edmx:DataServices>',
    `    <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="${RESO_NAMESPACE}">`,
    ...resources.map(entityType),
    '      <EntityContainer Name="Default">',
    ...resources.map(
      (r) => `        <EntitySet Name="${r.name}" EntityType="${RESO_NAMESPACE}.${r.name}"/>`,
    ),
    '      </EntityContainer>',
    '    </Schema>',
    `    <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="${RESO_ENUM_NAMESPACE}">`,
    ...Object.entries(RESO_ENUMS).map(([name, members]) => enumType(name, members)),
    '    </Schema>',
    '  </edmx:DataServices>',
    '</edmx:Edmx>',
    '',
  ].join('\n');
}
