// Account security and the member's own data (migration 0019, docs/decisions/0040-account-security.md).

/** One two-factor recovery code: its hash, spent once. */
export type MfaRecoveryCodesTable = {
  user_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
};

/** The parental passcode that guards protected settings, and its backup email. */
export type ParentalPasscodesTable = {
  user_id: string;
  passcode_hash: string;
  backup_email: string | null;
  created_at: number;
  updated_at: number;
};

export type AccountExportStatus = 'pending' | 'ready' | 'failed';

/** A requested download of a member's data: built by a job, linked once by mail. */
export type AccountExportsTable = {
  id: string;
  user_id: string;
  status: AccountExportStatus;
  blob_key: string | null;
  byte_size: number | null;
  /** SHA-256 of the mailed link's secret. */
  link_hash: string | null;
  requested_at: number;
  ready_at: number | null;
  expires_at: number | null;
  downloaded_at: number | null;
};

/** An account deletion: hidden at once, purged by a job after `purge_at` unless cancelled (row removed). */
export type AccountDeletionsTable = {
  user_id: string;
  requested_at: number;
  purge_at: number;
  purged_at: number | null;
};
