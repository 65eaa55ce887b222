import './site-logo.css';

/** The site mark with the merchant's name (white label: the name comes from the status call). */
export function SiteLogo({ name }: { name: string }) {
  return (
    <span className="site-logo">
      <svg className="site-logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="var(--color-accent)" />
        <path
          d="M10 8v16M10 16l9-8M13.5 13l6.5 11"
          fill="none"
          stroke="var(--color-on-accent)"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="site-logo__name">{name}</span>
    </span>
  );
}
