/** The lock of a secret board; `label` names it for assistive technology. */
export function LockIcon({ label, size = 16 }: { label: string; size?: number }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 24 24" width={size} height={size} focusable="false">
      <title>{label}</title>
      <path fill="currentColor" d="M17 9V7A5 5 0 0 0 7 7v2H5v13h14V9h-2zM9 7a3 3 0 0 1 6 0v2H9V7zm4 9.7V19h-2v-2.3a2 2 0 1 1 2 0z" />
    </svg>
  );
}
