import type { MailMessage } from './types';

/** Mail kinds with a 6-digit code. */
export type CodeMailKind = 'register' | 'reset' | 'bind_email';
type Lang = 'en_US' | 'zh_CN';

const TEXT: Record<Lang, Record<CodeMailKind, { subject: string; intro: string }> & { validity: (m: number) => string; ignore: string; sign: string; link: string }> = {
  en_US: {
    register: { subject: 'Your Coinlens verification code', intro: 'Welcome to Coinlens! Enter this code to verify your e-mail address:' },
    reset: { subject: 'Reset your Coinlens password', intro: 'We received a request to reset your Coinlens password. Enter this code to continue:' },
    bind_email: { subject: 'Confirm your e-mail for Coinlens', intro: 'Enter this code to link this e-mail address to your Coinlens account:' },
    validity: (m) => `The code is valid for ${m} minutes and can be used once.`,
    ignore: 'If you did not ask for this, you can ignore this e-mail.',
    sign: 'The Coinlens team',
    link: 'Open Coinlens:',
  },
  zh_CN: {
    register: { subject: 'Coinlens 验证码', intro: '欢迎使用 Coinlens！请输入以下验证码完成邮箱验证：' },
    reset: { subject: '重置 Coinlens 密码', intro: '我们收到了重置您 Coinlens 密码的请求。请输入以下验证码继续：' },
    bind_email: { subject: '确认您的 Coinlens 邮箱', intro: '请输入以下验证码，将此邮箱关联到您的 Coinlens 账号：' },
    validity: (m) => `验证码 ${m} 分钟内有效，仅可使用一次。`,
    ignore: '如果这不是您本人的操作，请忽略此邮件。',
    sign: 'Coinlens 团队',
    link: '打开 Coinlens：',
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A code mail (subject, text, simple HTML) in en_US or zh_CN. `link` (optional) points at the page
 * where the code is entered.
 */
export function codeMail(kind: CodeMailKind, lang: string, to: string, code: string, validMinutes: number, link?: string): MailMessage {
  const l: Lang = lang === 'zh_CN' ? 'zh_CN' : 'en_US';
  const t = TEXT[l];
  const k = t[kind];
  const text = [k.intro, '', `    ${code}`, '', t.validity(validMinutes), ...(link ? ['', `${t.link} ${link}`] : []), '', t.ignore, '', `— ${t.sign}`].join('\n');
  const html = `<!doctype html><html lang="${l === 'zh_CN' ? 'zh-CN' : 'en'}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;max-width:32rem;margin:0 auto;padding:24px">
<p style="font-size:18px;font-weight:600;color:#2563eb">Coinlens</p>
<p>${escapeHtml(k.intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,monospace;background:#eff6ff;padding:12px 16px;border-radius:8px;display:inline-block">${escapeHtml(code)}</p>
<p>${escapeHtml(t.validity(validMinutes))}</p>
${link ? `<p><a href="${escapeHtml(link)}" style="color:#2563eb">${escapeHtml(link)}</a></p>` : ''}
<p style="color:#64748b;font-size:13px">${escapeHtml(t.ignore)}</p>
<p style="color:#64748b;font-size:13px">— ${escapeHtml(t.sign)}</p>
</body></html>`;
  return { to, subject: k.subject, text, html };
}
