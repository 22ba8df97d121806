/**
 * Reference tables an application is built from. Each table says where its rows come from and when they were
 * last checked against that source, so a reviewer can tell a fact from an assumption (docs/upstream/README.md).
 */
export type ReferenceTable<Row> = {
  /** A stable name, part of the data version. */
  id: string;
  /** The public document (or package) the rows were taken from; `[U]` marks rows not confirmed there. */
  source: string;
  /** YYYY-MM-DD: when the rows were last compared with the source. */
  date: string;
  rows: readonly Row[];
};

export type Provider = 'providerA' | 'providerB';

export type SubjectType =
  | 'SUBJECT_TYPE_ENTERPRISE'
  | 'SUBJECT_TYPE_INDIVIDUAL'
  | 'SUBJECT_TYPE_INSTITUTIONS'
  | 'SUBJECT_TYPE_GOVERNMENT'
  | 'SUBJECT_TYPE_OTHERS';
