/**
 * CSV import and export of a signed-in reader's portfolio. Import is two steps: the server checks
 * every row and answers a preview (nothing saved); only a file without errors can then be saved,
 * all rows or none. Export downloads the file the API writes.
 */
import { useState } from 'react';
import { apiFile, apiPost } from '../../../../stores/api.ts';
import { errorText, type T } from '../../account/client/fields.tsx';

interface Preview {
  layout: string;
  rows: (
    | { line: number; tx: unknown }
    | { line: number; error: { key: string; field: string; vars?: Record<string, string | number> } }
  )[];
  errors: number;
  saved: number;
}

export default function ImportCsv({ t, portfolioId, onSaved }: { t: T; portfolioId: number; onSaved: () => void }) {
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (commit: boolean) => {
    if (csv === null) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await apiPost<Preview>('/new/v1/portfolio/import', { portfolioId, csv, commit });
      setPreview(answer);
      if (answer.saved > 0) {
        setCsv(null);
        onSaved();
      }
    } catch (e) {
      setPreview(null);
      setProblem(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  const download = async (format: 'csv' | 'json') => {
    try {
      const blob = await apiFile('/new/v1/portfolio/export', { id: portfolioId, format });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `portfolio-${portfolioId}.${format}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch (e) {
      setProblem(errorText(e, t));
    }
  };

  const bad = preview?.rows.flatMap((r) => ('error' in r ? [r] : [])) ?? [];
  return (
    <section className="pf-io" aria-labelledby="pf-io-h">
      <h2 id="pf-io-h">{t('portfolio.ui.import')}</h2>
      <p className="muted">{t('portfolio.ui.importHelp')}</p>
      <div className="pf-buttons">
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label={t('portfolio.ui.import')}
          data-testid="pf-import-file"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            setPreview(null);
            setCsv(file ? await file.text() : null);
          }}
        />
        <button type="button" className="btn" disabled={busy || csv === null} onClick={() => send(false)}>
          {t('portfolio.ui.preview')}
        </button>
        {preview && preview.errors === 0 && preview.saved === 0 && (
          <button type="button" className="btn primary" disabled={busy} onClick={() => send(true)}>
            {t('portfolio.ui.commit', { count: preview.rows.length })}
          </button>
        )}
      </div>
      {preview && preview.errors > 0 && (
        <div role="alert" data-testid="pf-import-errors">
          <p>{t('portfolio.ui.rowsBad', { count: preview.errors })}</p>
          <ul>
            {bad.slice(0, 50).map((r) => (
              <li key={r.line}>
                {t('portfolio.ui.line', { line: r.line })}: {t(r.error.key, r.error.vars)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {problem && (
        <p className="pf-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="pf-buttons">
        <button type="button" className="btn" onClick={() => download('csv')}>
          {t('portfolio.ui.exportCsv')}
        </button>
        <button type="button" className="btn" onClick={() => download('json')}>
          {t('portfolio.ui.exportJson')}
        </button>
      </div>
    </section>
  );
}
