/**
 * What server/src/db/schema.ts says about each table, read with the TypeScript compiler from the source: for
 * every table of `Database` and every column, whether its selected type admits null and whether Kysely lets an
 * insert leave it out. The answers come from Kysely's own Selectable/Insertable, so Generated<>, ColumnType<>
 * and aliases (Flag, AttendanceSource) count exactly as they do for the queries. It also says which values a
 * column is typed to hold when its type is a union of literals (a status, a kind).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export type TypeColumn = {
  nullable: boolean;
  optionalOnInsert: boolean;
  /** The literal values of the selected type without null, sorted; null unless every member is a literal. */
  literals: (string | number)[] | null;
};
/** Table name (camelCase, as in `Database`) -> column name (camelCase) -> what its types say. */
export type TypeSchema = Map<string, Map<string, TypeColumn>>;

const dbDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db');
const probeFile = path.join(dbDir, '__schema-probe__.ts');
const probeSource = `
import type { Insertable, Selectable } from 'kysely';
import type { Database } from './schema.js';
export type Probe = { [K in keyof Database]: { select: Selectable<Database[K]>; insert: Insertable<Database[K]> } };
`;

export function readTypeSchema(): TypeSchema {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, language, ...rest) =>
    path.resolve(fileName) === probeFile
      ? ts.createSourceFile(fileName, probeSource, language)
      : getSourceFile.call(host, fileName, language, ...rest);
  host.fileExists = (fileName) => path.resolve(fileName) === probeFile || fileExists.call(host, fileName);
  host.readFile = (fileName) => (path.resolve(fileName) === probeFile ? probeSource : readFile.call(host, fileName));

  const program = ts.createProgram([probeFile], options, host);
  const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (problems.length > 0) throw new Error(`schema.ts does not compile:\n${problems.join('\n')}`);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probeFile)!;
  const alias = source.statements.find(ts.isTypeAliasDeclaration)!;
  const probe = checker.getTypeAtLocation(alias.name);

  const result: TypeSchema = new Map();
  for (const table of checker.getPropertiesOfType(probe)) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, alias);
    const select = checker.getTypeOfSymbolAtLocation(tableType.getProperty('select')!, alias);
    const insert = checker.getTypeOfSymbolAtLocation(tableType.getProperty('insert')!, alias);
    const columns = new Map<string, TypeColumn>();
    for (const column of checker.getPropertiesOfType(select)) {
      const selected = checker.getTypeOfSymbolAtLocation(column, alias);
      const inserted = insert.getProperty(column.name);
      columns.set(column.name, {
        nullable: admitsNull(selected),
        optionalOnInsert: !inserted || (inserted.flags & ts.SymbolFlags.Optional) !== 0,
        literals: literalsOf(selected),
      });
    }
    result.set(table.name, columns);
  }
  return result;
}

function admitsNull(type: ts.Type): boolean {
  if (type.flags & ts.TypeFlags.Null) return true;
  return type.isUnion() && type.types.some((t) => (t.flags & ts.TypeFlags.Null) !== 0);
}

function literalsOf(type: ts.Type): (string | number)[] | null {
  const members = (type.isUnion() ? type.types : [type]).filter((t) => (t.flags & ts.TypeFlags.Null) === 0);
  const values: (string | number)[] = [];
  for (const member of members) {
    if (!member.isStringLiteral() && !member.isNumberLiteral()) return null;
    values.push(member.value);
  }
  return values.sort((a, b) => String(a).localeCompare(String(b), 'en', { numeric: true }));
}
