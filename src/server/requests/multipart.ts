/**
 * Reading a multipart form as it arrives: fields into memory (each small), each file part straight to
 * a temporary file, so a 25 MB model costs a few kilobytes of memory while it is received, and
 * nothing is read once the body passes its route's limit or a file passes its own.
 */
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy from 'busboy';
import { TooLargeError, ValidationError } from '../errors.ts';
import { UPLOAD_LIMITS } from './requests.limits.ts';

export interface MultipartOptions {
  /** Bytes of the whole body. */
  maxBytes: number;
  /** The file fields taken, each with its size and the message when a file is over it; other files are skipped. */
  files: Record<string, { maxBytes: number; tooLarge: string }>;
}

export interface ReceivedForm {
  /** The fields, and each file as a `File` read from its temporary file only when asked. */
  form: FormData;
  /** Deletes the temporary files. */
  discard(): Promise<void>;
}

const unreadable = () =>
  new ValidationError({ non_field_errors: ['Не удалось прочитать форму: отправьте её ещё раз.'] });

/**
 * Reads a `multipart/form-data` body.
 * @throws TooLargeError when the body passes `maxBytes`; ValidationError when a file passes its size
 * (beside its field), or the body is no readable form or has more fields or files than a form has.
 */
export async function receiveMultipart(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  options: MultipartOptions,
): Promise<ReceivedForm> {
  const dir = await mkdtemp(path.join(tmpdir(), 'shop-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const form = await parse(body, contentType, options, dir);
    return { form, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

// Browsers write a file name's `"` and line breaks as %22, %0D and %0A (the HTML standard's
// multipart/form-data encoding), which busboy keeps as sent: «Резюме "Динара".pdf» came as «Резюме %22Динара%22.pdf».
const sentFilename = (name: string | undefined) => (name ?? '').replace(/%22/g, '"').replace(/%0[AD]/gi, ' ');

async function parse(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  options: MultipartOptions,
  dir: string,
): Promise<FormData> {
  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      // Browsers send a file's name as raw UTF-8 in `filename="…"`; busboy would read it as Latin-1.
      defParamCharset: 'utf8',
      limits: {
        fieldSize: UPLOAD_LIMITS.fieldBytes,
        fields: UPLOAD_LIMITS.fields,
        files: Object.keys(options.files).length,
        fileSize: Math.max(0, ...Object.values(options.files).map((f) => f.maxBytes)) + 1,
      },
    });
  } catch {
    throw unreadable();
  }
  const form = new FormData();
  const files: Promise<void>[] = [];
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
  };
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) fail(new ValidationError({ [name]: ['Слишком длинное значение.'] }));
    else form.append(name, value);
  });
  parser.on('file', (name, stream, info) => {
    const rule = options.files[name];
    if (!rule || failure) {
      stream.resume();
      return;
    }
    const file = path.join(dir, String(files.length));
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        // The rest of the body is refused by the meter below, which stops reading it.
        if (size > rule.maxBytes) fail(new ValidationError({ [name]: [rule.tooLarge] }));
        done(null, size > rule.maxBytes ? undefined : chunk);
      },
    });
    files.push(
      pipeline(stream, counter, createWriteStream(file)).then(
        async () => form.append(name, await openAsBlob(file, { type: info.mimeType }), sentFilename(info.filename)),
        (error: Error) => {
          stream.resume();
          fail(error instanceof ValidationError ? error : unreadable());
        },
      ),
    );
  });
  parser.on('fieldsLimit', () => fail(unreadable()));
  parser.on('filesLimit', () => fail(unreadable()));

  let received = 0;
  const source = body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : Readable.from([]);
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > options.maxBytes) done(new TooLargeError());
      else if (failure) done(failure);
      else done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, parser);
  } catch (error) {
    if (error instanceof TooLargeError || error instanceof ValidationError) throw error;
    throw failure ?? unreadable();
  }
  await Promise.all(files);
  if (failure) throw failure;
  return form;
}
