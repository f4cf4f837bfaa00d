/** The Corkboard mark: a push pin on a red disc. Decorative; the link around it is labelled. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="var(--color-brand)" />
      <path d="M12 7h8l-1.3 6.2 3.3 3.3v1.5h-5V25l-1 2-1-2v-7h-5v-1.5l3.3-3.3z" fill="#fff" />
    </svg>
  );
}
