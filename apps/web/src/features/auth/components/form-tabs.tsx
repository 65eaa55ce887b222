import { useRef, type KeyboardEvent } from 'react';

export interface FormTabsProps<T extends string> {
  label: string;
  tabs: readonly { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
  /** Prefix for the tab and panel ids. */
  idBase: string;
}

/** A WAI-ARIA tab list (arrow keys, Home, End) for the log-in, sign-up and forgot-password modes. */
export function FormTabs<T extends string>({ label, tabs, value, onChange, idBase }: FormTabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (tabs.length < 2) return null;
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    onChange(tabs[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div className="form-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`${idBase}-tab-${tab.id}`}
          aria-controls={`${idBase}-panel`}
          aria-selected={tab.id === value}
          tabIndex={tab.id === value ? 0 : -1}
          className="form-tabs__tab"
          onClick={() => onChange(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
