/**
 * Inline SVG icons: no icon font to download, and they inherit the text colour. Each is
 * decorative, so aria-hidden is written on every <svg> (where the linter sees it).
 */
type IconProps = { className?: string };

/** An arrow down into a tray: saving for offline. */
export function SaveIcon({ className }: IconProps) {
  return (
    <svg width={20} height={20} viewBox="0 0 20 20" aria-hidden focusable={false} className={className ?? "icon"}>
      <path
        d="M10 2.5v9.5m-4-4 4 4 4-4M3 13.5v3h14v-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function ChevronDown({ className }: IconProps) {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden focusable={false} className={className ?? "icon"}>
      <path
        d="M3.2 5.6 8 10.4l4.8-4.8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function PhoneIcon({ className }: IconProps) {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden focusable={false} className={className ?? "icon"}>
      <path
        fill="currentColor"
        d="M3.6 1.2c.4-.3 1-.3 1.3.1l1.8 2.3c.3.4.3.9 0 1.3l-.9 1.1a9 9 0 0 0 4.2 4.2l1.1-.9c.4-.3.9-.3 1.3 0l2.3 1.8c.4.3.4.9.1 1.3l-1.1 1.3c-.6.7-1.6 1-2.5.7A14.3 14.3 0 0 1 1.6 5.3c-.3-.9 0-1.9.7-2.5z"
      />
    </svg>
  );
}

export function GlobeIcon({ className }: IconProps) {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden focusable={false} className={className ?? "icon"}>
      <g fill="none" stroke="currentColor" strokeWidth="1.3">
        <circle cx="8" cy="8" r="6.5" />
        <path d="M1.5 8h13M8 1.5c2 2 2.8 4.2 2.8 6.5S10 12.5 8 14.5M8 1.5C6 3.5 5.2 5.7 5.2 8S6 12.5 8 14.5" />
      </g>
    </svg>
  );
}

export function MapPinIcon({ className }: IconProps) {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden focusable={false} className={className ?? "icon"}>
      <g fill="none" stroke="currentColor" strokeWidth="1.4">
        <path d="M8 14.5S3 9.6 3 6.2a5 5 0 0 1 10 0c0 3.4-5 8.3-5 8.3z" />
        <circle cx="8" cy="6.2" r="1.8" />
      </g>
    </svg>
  );
}

export function MailIcon({ className }: IconProps) {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden focusable={false} className={className ?? "icon"}>
      <g fill="none" stroke="currentColor" strokeWidth="1.4">
        <rect x="1.5" y="3" width="13" height="10" rx="1.5" />
        <path d="m2 4 6 5 6-5" />
      </g>
    </svg>
  );
}

export function MenuIcon({ className }: IconProps) {
  return (
    <svg width={22} height={22} viewBox="0 0 16 16" aria-hidden focusable={false} className={className ?? "icon"}>
      <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function PlayIcon({ className }: IconProps) {
  return (
    <svg
      width={68}
      height={48}
      viewBox="0 0 68 48"
      aria-hidden={true}
      focusable={false}
      className={className ?? "play-icon"}
    >
      <path
        d="M66.5 7.7a8.5 8.5 0 0 0-6-6C55.2.3 34 .3 34 .3s-21.2 0-26.5 1.4a8.5 8.5 0 0 0-6 6C.2 13 .2 24 .2 24s0 11 1.3 16.3a8.5 8.5 0 0 0 6 6C12.8 47.7 34 47.7 34 47.7s21.2 0 26.5-1.4a8.5 8.5 0 0 0 6-6C67.8 35 67.8 24 67.8 24s0-11-1.3-16.3z"
        fill="#c4302b"
      />
      <path d="M27 34.3 45 24 27 13.7z" fill="#fff" />
    </svg>
  );
}

const socialPaths: Record<string, string> = {
  facebook:
    "M9.2 16V8.7h2.4l.4-2.8H9.2V4.1c0-.8.2-1.4 1.4-1.4H12V.1A19 19 0 0 0 9.9 0C7.8 0 6.4 1.3 6.4 3.6v2.3H4v2.8h2.4V16z",
  twitter: "M12.6 1h2.4L9.8 7l6.2 8h-4.9L7.3 10 3 15H.6l5.6-6.4L.3 1h5l3.4 4.5zM11.8 13.6h1.3L4.4 2.3H3z",
  pinterest:
    "M8 0a8 8 0 0 0-2.9 15.5c-.1-.7-.1-1.6 0-2.3l1-4s-.3-.5-.3-1.2c0-1.1.7-2 1.5-2 .7 0 1 .5 1 1.2 0 .7-.4 1.8-.7 2.8-.2.8.4 1.5 1.3 1.5 1.5 0 2.7-1.6 2.7-4 0-2-1.5-3.5-3.6-3.5-2.4 0-3.9 1.8-3.9 3.8 0 .8.3 1.6.7 2 .1.1.1.2.1.3l-.3 1c0 .2-.2.2-.4.1-1-.5-1.7-2-1.7-3.3 0-2.7 2-5.2 5.7-5.2 3 0 5.3 2.1 5.3 5 0 3-1.9 5.4-4.5 5.4-.9 0-1.7-.5-2-1l-.6 2.1c-.2.8-.7 1.7-1.1 2.3A8 8 0 1 0 8 0",
  youtube:
    "M15.7 4.2a2 2 0 0 0-1.4-1.4C13 2.5 8 2.5 8 2.5s-5 0-6.3.3A2 2 0 0 0 .3 4.2 21 21 0 0 0 0 8a21 21 0 0 0 .3 3.8 2 2 0 0 0 1.4 1.4c1.3.3 6.3.3 6.3.3s5 0 6.3-.3a2 2 0 0 0 1.4-1.4A21 21 0 0 0 16 8a21 21 0 0 0-.3-3.8M6.4 10.4V5.6L10.6 8z",
};

export function SocialIcon({ network }: { network: string }) {
  return (
    <svg width={20} height={20} viewBox="0 0 16 16" aria-hidden focusable={false} className="icon">
      <path fill="currentColor" d={socialPaths[network]} />
    </svg>
  );
}

/** Full and half stars; the number itself is given to screen readers by the caller. */
export function Stars({ rating }: { rating: number }) {
  const full = Math.floor(rating);
  const half = rating - full >= 0.5;
  const star = "M8 .8l2.2 4.6 5 .7-3.6 3.5.9 5L8 12.2 3.5 14.6l.9-5L.8 6.1l5-.7z";
  return (
    <span className="stars" aria-hidden="true">
      {Array.from({ length: full }, (_, i) => (
        <svg key={i} width={16} height={16} viewBox="0 0 16 16" aria-hidden focusable={false} className="star">
          <path d={star} fill="currentColor" />
        </svg>
      ))}
      {half && (
        <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden focusable={false} className="star">
          <path d={star} fill="none" stroke="currentColor" strokeWidth="1" />
          {/* The left half of the same star, drawn without a clipPath so no id repeats across cards. */}
          <path d="M8 .8 5.8 5.4l-5 .7 3.6 3.5-.9 5L8 12.2z" fill="currentColor" />
        </svg>
      )}
    </span>
  );
}
