// Experiments, experiences and telemetry aggregates (migration 0021, docs/decisions/0042).

export type ExperimentsTable = {
  name: string;
  /** JSON: [{name, weight}], in the operator's order. */
  groups: string;
  /** Share of members (0 to 90) kept out of the experiment as its holdout. */
  holdout_percent: number;
  created_by: string;
  created_at: number;
  updated_at: number;
};
export type ExperimentRow = ExperimentsTable;

export type ExperimentExposuresTable = { experiment: string; group_name: string; day: string; count: number };

export type MemberExperiencesTable = { user_id: string; placement: string; experience_id: number; status: string; updated_at: number };

export type TelemetryCountsTable = { day: string; page: string; name: string; count: number };

export type TelemetryLatencyTable = { day: string; page: string; metric: string; bucket: number; count: number };
