import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOADS_PER_RECORD } from '@khela/contracts';
import { uploadImage } from '../api/upload-image.ts';
import { checkImages } from '../utils/images.ts';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import '../messages.ts';

/** The site's CSP allows `data:` images, not `blob:`: previews are read as data URLs. */
function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

interface Chosen {
  id: number;
  preview: string;
  name: string;
}

/**
 * Receipt or proof images (§5: png/jpg, ≤ 5 MB, at most 3): each is uploaded as soon as it is
 * chosen and shown as a preview that can be removed; the parent gets the upload ids.
 */
export function ImageUploader({
  label,
  hint,
  required,
  error,
  onChange,
}: {
  label: string;
  hint?: string;
  required?: boolean;
  error?: string;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => changed.current(chosen.map((c) => c.id)), [chosen]);

  const choose = async (files: File[]) => {
    setProblem('');
    const refused = checkImages(files, chosen.length);
    if (refused) {
      setProblem(t(`cashier.upload.${refused}`, { count: UPLOADS_PER_RECORD }));
      return;
    }
    setBusy(true);
    try {
      const added: Chosen[] = [];
      for (const file of files) {
        const upload = await uploadImage(file);
        added.push({ id: upload.id, preview: await dataUrlOf(file), name: file.name });
      }
      setChosen((list) => [...list, ...added]);
    } catch (failure) {
      setProblem((failure as Error).message || t('cashier.upload.failed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const message = problem || error;
  return (
    <div className="field">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <input
        ref={input}
        id={id}
        type="file"
        className="field__control"
        accept="image/png,image/jpeg"
        multiple
        disabled={busy || chosen.length >= UPLOADS_PER_RECORD}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(message)}
        onChange={(event) => void choose([...(event.target.files ?? [])])}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {busy ? t('cashier.upload.uploading') : (hint ?? t('cashier.upload.hint', { count: UPLOADS_PER_RECORD }))}
      </p>
      {message ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {message}
        </p>
      ) : null}
      {chosen.length > 0 ? (
        <ul className="cashier-previews">
          {chosen.map((c) => (
            <li key={c.id}>
              <img src={c.preview} alt={t('cashier.upload.preview', { name: c.name })} width={88} height={88} />
              <button
                type="button"
                className="button cashier-previews__remove"
                onClick={() => setChosen((list) => list.filter((x) => x.id !== c.id))}
              >
                {t('cashier.upload.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
