import { useEffect, useRef, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { FieldFrame, type FieldBaseProps } from './fields.tsx';
import { fileTooBigMessage, formatFileSize } from './file-size.ts';

interface FileFieldProps
  extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type' | 'multiple'> {
  /** The file types the picker offers, as for `<input accept>`: `.pdf,.doc,.docx`, `image/*`. */
  accept: string;
  /** The largest file taken; a larger one is refused on selection, before anything is sent. */
  maxBytes: number;
  /** Upload progress from 0 to 1 while the form is sent (`useForm().progress`), or null. */
  progress?: number | null;
}

/**
 * A labelled file input: says at once when a chosen file is over `maxBytes` (the message takes the error
 * slot), and the file stays chosen, so the form refuses to be sent until the visitor picks another one
 * (`data-max-bytes`, checked by `useForm`): a form never goes out without the file its visitor chose.
 * Shows the chosen file's name and size, and a progress bar while `progress` is a number.
 */
export function FileField({
  label,
  errors = [],
  hint,
  optional,
  accept,
  maxBytes,
  progress = null,
  onChange,
  ...input
}: FileFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const forget = () => {
      setChosen(null);
      setRefusal(null);
    };
    form.addEventListener('reset', forget);
    return () => form.removeEventListener('reset', forget);
  }, []);

  function choose(event: ChangeEvent<HTMLInputElement>): void {
    const file = event.currentTarget.files?.[0];
    setChosen(file ? { name: file.name, size: file.size } : null);
    setRefusal(file && file.size > maxBytes ? fileTooBigMessage(maxBytes) : null);
    onChange?.(event);
  }

  const percent = progress === null ? null : Math.round(Math.min(1, Math.max(0, progress)) * 100);
  const extra = (
    <>
      {chosen && (
        <p className="file-field-chosen">
          <span className="file-field-name">{chosen.name}</span>, {formatFileSize(chosen.size)}
        </p>
      )}
      {percent !== null && (
        <div className="file-field-progress">
          <progress
            max={100}
            value={percent}
            aria-label={chosen ? `Загрузка файла ${chosen.name}` : 'Загрузка файла'}
          />
          <span aria-hidden="true">{percent} %</span>
        </div>
      )}
    </>
  );
  return (
    <FieldFrame
      label={label}
      errors={refusal ? [refusal] : errors}
      hint={hint ?? `Файл до ${formatFileSize(maxBytes)}.`}
      optional={optional}
      className="file-field"
      extra={extra}
      errorIsAlert={refusal !== null}
    >
      {(wiring) => (
        // The browser's own button says «Choose File» in the browser's language: the real input lies
        // transparent over the shop's button and line, so a tap or a key still opens the picker.
        <div className="file-picker">
          <input
            ref={inputRef}
            type="file"
            accept={accept}
            data-max-bytes={maxBytes}
            {...wiring}
            {...input}
            onChange={choose}
          />
          <span className="btn btn-secondary file-picker-button" aria-hidden="true">
            Выбрать файл
          </span>
          <span className="file-picker-state" aria-hidden="true">
            {chosen ? 'Файл выбран' : 'Файл не выбран'}
          </span>
        </div>
      )}
    </FieldFrame>
  );
}
