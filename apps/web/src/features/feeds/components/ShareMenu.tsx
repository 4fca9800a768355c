import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { useCopy } from '../../../lib/use-copy';
import { useDismiss } from '../../../lib/use-dismiss';

/** Absolute link of a feed page in the current language. */
export function feedUrl(lang: string, id: string): string {
  return `${window.location.origin}/${lang}/feeds/${encodeURIComponent(id)}`;
}

/**
 * Share a feed: save the card as a PNG (rendered with html-to-image), copy the link,
 * or show a WeChat QR code of the link (qrcode). Failures show the translated "Copy failed" /
 * "Save image failed" texts.
 */
export function ShareMenu({ url, fileName, target }: { url: string; fileName: string; target: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('feeds');
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error' | 'busy'; text: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const { copy: copyText } = useCopy({ resetMs: null });

  useDismiss(box, open, () => setOpen(false));
  useEffect(() => {
    if (!status || status.kind === 'busy') return;
    const id = setTimeout(() => setStatus(null), 2500);
    return () => clearTimeout(id);
  }, [status]);

  const saveImage = async () => {
    setOpen(false);
    const node = target.current;
    if (!node) return setStatus({ kind: 'error', text: t('share.saveFailed') });
    setStatus({ kind: 'busy', text: t('share.saving') });
    try {
      const { toPng } = await import('html-to-image');
      const bg = getComputedStyle(document.body).backgroundColor || '#ffffff';
      const dataUrl = await toPng(node, { pixelRatio: 2, backgroundColor: bg, cacheBust: true, filter: (n) => !(n instanceof HTMLElement && n.dataset.shareExclude === 'true') });
      const a = document.createElement('a');
      a.href = dataUrl;
      a.download = `${fileName}.png`;
      a.click();
      setStatus(null);
    } catch {
      setStatus({ kind: 'error', text: t('share.saveFailed') });
    }
  };
  const copy = async () => {
    setOpen(false);
    const ok = await copyText(url);
    setStatus(ok ? { kind: 'ok', text: t('share.copied') } : { kind: 'error', text: t('share.copyFailed') });
  };
  const wechat = async () => {
    setOpen(false);
    const QRCode = (await import('qrcode')).default;
    setQr(await QRCode.toDataURL(url, { margin: 1, width: 220 }));
  };

  return (
    <div className="relative" ref={box} data-share-exclude="true">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="menu"
        aria-expanded={open}
        className="inline-flex items-center gap-1 rounded-md border border-border px-2 py-1 text-[12px] font-medium text-fg hover:bg-surface-2"
        data-testid="share-button"
      >
        <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {t('share.button')}
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-20 mt-1 w-44 overflow-hidden rounded-md border border-border bg-surface py-1 shadow-lg">
          <button role="menuitem" type="button" onClick={() => void saveImage()} className="block w-full px-3 py-1.5 text-left text-[13px] hover:bg-surface-2" data-testid="share-image">
            {t('share.image')}
          </button>
          <button role="menuitem" type="button" onClick={() => void copy()} className="block w-full px-3 py-1.5 text-left text-[13px] hover:bg-surface-2" data-testid="share-copy">
            {t('share.copyLink')}
          </button>
          <button role="menuitem" type="button" onClick={() => void wechat()} className="block w-full px-3 py-1.5 text-left text-[13px] hover:bg-surface-2" data-testid="share-wechat">
            {t('share.wechat')}
          </button>
        </div>
      )}
      {status && (
        <p role="status" className={`absolute right-0 top-full z-20 mt-1 whitespace-nowrap rounded bg-fg px-2 py-1 text-[12px] text-bg ${status.kind === 'error' ? 'bg-down text-white' : ''}`}>
          {status.text}
        </p>
      )}
      <Dialog open={!!qr} onClose={() => setQr(null)} title={t('share.wechatTitle')}>
        <div className="flex flex-col items-center gap-3 py-2">
          {qr && <img src={qr} alt={url} width={220} height={220} className="rounded bg-white p-1" data-testid="wechat-qr" />}
          <p className="text-center text-[13px] text-muted">{t('share.wechatHint')}</p>
          <button type="button" onClick={() => setQr(null)} className="rounded-md border border-border px-3 py-1.5 text-[13px]">
            {t('share.close')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
