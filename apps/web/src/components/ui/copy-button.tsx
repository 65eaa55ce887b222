import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from './money-icons.tsx';

/** Copies `text` to the clipboard; the label says what is copied and confirms it for a moment. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  const label = copied ? t('money.copied') : t('money.copy', { what });
  return (
    <button
      type="button"
      className="icon-button money-copy"
      onClick={() => void copy()}
      aria-label={label}
      title={label}
    >
      <CopyIcon size={16} />
    </button>
  );
}
