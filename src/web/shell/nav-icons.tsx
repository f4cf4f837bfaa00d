import type { ReactNode } from 'react';

/** A 24 px outline icon of the phone bar, drawn in the text colour; the label beside it names it. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function HomeIcon() {
  return (
    <Icon>
      <path d="M3 11 12 3l9 8v10h-6v-6H9v6H3z" />
    </Icon>
  );
}

export function TodayIcon() {
  return (
    <Icon>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </Icon>
  );
}

export function ExploreIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </Icon>
  );
}

export function ProfileIcon() {
  return (
    <Icon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1-4 4.5-6 8-6s7 2 8 6" />
    </Icon>
  );
}

export function LogInIcon() {
  return (
    <Icon>
      <path d="M14 4h5v16h-5M3 12h11M10 8l4 4-4 4" />
    </Icon>
  );
}

export function SignUpIcon() {
  return (
    <Icon>
      <circle cx="10" cy="8" r="4" />
      <path d="M3 21c1-4 4-6 7-6 1.5 0 3 .5 4 1.2M19 14v6M16 17h6" />
    </Icon>
  );
}
