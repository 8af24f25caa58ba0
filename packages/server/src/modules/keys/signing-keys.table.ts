export interface SigningKeysTable {
  /** e.g. `token:sandbox`, `cursor:sandbox`. */
  name: string;
  material: string;
  created_at: number;
}
