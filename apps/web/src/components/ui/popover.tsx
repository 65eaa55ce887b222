import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './popover.css';

export interface PopoverProps {
  /** Accessible name of the trigger (its visible content may be an icon only). */
  label: string;
  /** Visible content of the trigger; the label is shown when absent. */
  trigger?: ReactNode;
  /**
   * The trigger's visible text names it (the label becomes its description): an accessible name
   * must contain the visible words (WCAG 2.5.3).
   */
  namedByTrigger?: boolean;
  triggerClassName?: string;
  panelClassName?: string;
  /** Where the panel opens from the trigger. */
  placement?: 'down-start' | 'down-end' | 'up-end' | 'up-start';
  /** A heading for the panel, for context when it opens away from its trigger. */
  title?: string;
  children: (close: () => void) => ReactNode;
}

/**
 * A disclosure: a button that shows or hides a panel right after it (no focus trap, the page
 * stays usable). Escape closes it and returns focus to the button; so does a click outside or
 * focus leaving the whole thing.
 */
export function Popover({
  label,
  trigger,
  namedByTrigger = false,
  triggerClassName = 'button',
  panelClassName,
  placement = 'down-start',
  title,
  children,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  return (
    <div
      className={`popover popover--${placement}`}
      ref={root}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={trigger && !namedByTrigger ? label : undefined}
        title={trigger ? label : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger ?? label}
      </button>
      <div id={panelId} className={`popover__panel ${panelClassName ?? ''}`} hidden={!open}>
        {title ? <p className="popover__title">{title}</p> : null}
        {open ? children(() => close()) : null}
      </div>
    </div>
  );
}
