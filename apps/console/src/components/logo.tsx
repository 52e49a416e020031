/** The InviteFlow mark: two speech bubbles joined by a flow line (an invitation answered). */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="rgb(var(--primary-6))" />
      <path
        d="M8 10.5a3 3 0 0 1 3-3h6a3 3 0 0 1 3 3v3a3 3 0 0 1-3 3h-4l-3 2.5v-2.7A3 3 0 0 1 8 13.5z"
        fill="#fff"
      />
      <path
        d="M24 18.5a3 3 0 0 0-3-3h-1.2v.3a4.8 4.8 0 0 1-4.8 4.7h-1v.5a3 3 0 0 0 3 3h2.6l2.6 2.2v-2.3a3 3 0 0 0 1.8-2.7z"
        fill="#fff"
        fillOpacity=".72"
      />
    </svg>
  );
}
