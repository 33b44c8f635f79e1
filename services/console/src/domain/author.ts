/** Who made a change, as the audit trail names them (null id: the CLI or the first operator). */
export interface Author {
  userId: string | null;
  email: string;
}
