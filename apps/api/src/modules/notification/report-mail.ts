import { currencyExponent } from '@sbo/contracts/settlement';
import type { ReportSummary } from './report';

type Texts = {
  daily: string;
  weekly: string;
  sales: string;
  revenue: string;
  top: string;
  idle: string;
  none: string;
  faults: string;
  attached: string;
  footer: string;
};

// The report e-mail in each interface language; {merchant} and {period} are filled in.
const texts: Record<string, Texts> = {
  en: {
    daily: 'Daily report: {merchant}, {period}',
    weekly: 'Weekly report: {merchant}, {period}',
    sales: 'Sales',
    revenue: 'Revenue',
    top: 'Top machines',
    idle: 'Machines with no sales',
    none: 'None',
    faults: 'Faults',
    attached: 'The records of the period are attached as a spreadsheet (XLSX).',
    footer: 'You receive this report because you chose it in your notification settings.',
  },
  'zh-TW': {
    daily: '每日報表：{merchant}，{period}',
    weekly: '每週報表：{merchant}，{period}',
    sales: '交易筆數',
    revenue: '營收',
    top: '營收最高的機台',
    idle: '沒有交易的機台',
    none: '無',
    faults: '故障',
    attached: '附件為本期間的交易紀錄（XLSX）。',
    footer: '您在通知設定中訂閱了此報表，因此收到這封郵件。',
  },
  'zh-HK': {
    daily: '每日報表：{merchant}，{period}',
    weekly: '每週報表：{merchant}，{period}',
    sales: '交易筆數',
    revenue: '營業額',
    top: '營業額最高的機器',
    idle: '沒有交易的機器',
    none: '無',
    faults: '故障',
    attached: '附件為本期間的交易紀錄（XLSX）。',
    footer: '你在通知設定中訂閱了此報表，因此收到這封電郵。',
  },
  'zh-CN': {
    daily: '每日报表：{merchant}，{period}',
    weekly: '每周报表：{merchant}，{period}',
    sales: '交易笔数',
    revenue: '营收',
    top: '营收最高的机器',
    idle: '没有交易的机器',
    none: '无',
    faults: '故障',
    attached: '附件为本期间的交易记录（XLSX）。',
    footer: '您在通知设置中订阅了此报表，因此收到这封邮件。',
  },
  th: {
    daily: 'รายงานประจำวัน: {merchant}, {period}',
    weekly: 'รายงานประจำสัปดาห์: {merchant}, {period}',
    sales: 'จำนวนรายการขาย',
    revenue: 'รายได้',
    top: 'เครื่องที่ทำรายได้สูงสุด',
    idle: 'เครื่องที่ไม่มีรายการขาย',
    none: 'ไม่มี',
    faults: 'ข้อขัดข้อง',
    attached: 'แนบรายการขายของช่วงเวลานี้เป็นไฟล์ XLSX',
    footer: 'คุณได้รับรายงานนี้เพราะเลือกไว้ในการตั้งค่าการแจ้งเตือน',
  },
  vi: {
    daily: 'Báo cáo ngày: {merchant}, {period}',
    weekly: 'Báo cáo tuần: {merchant}, {period}',
    sales: 'Số giao dịch',
    revenue: 'Doanh thu',
    top: 'Máy có doanh thu cao nhất',
    idle: 'Máy không có giao dịch',
    none: 'Không có',
    faults: 'Sự cố',
    attached: 'Bản ghi giao dịch của kỳ này được đính kèm dưới dạng bảng tính (XLSX).',
    footer: 'Bạn nhận được báo cáo này vì đã chọn nó trong cài đặt thông báo.',
  },
  ms: {
    daily: 'Laporan harian: {merchant}, {period}',
    weekly: 'Laporan mingguan: {merchant}, {period}',
    sales: 'Jualan',
    revenue: 'Hasil',
    top: 'Mesin dengan hasil tertinggi',
    idle: 'Mesin tanpa jualan',
    none: 'Tiada',
    faults: 'Kerosakan',
    attached: 'Rekod tempoh ini dilampirkan sebagai hamparan (XLSX).',
    footer: 'Anda menerima laporan ini kerana memilihnya dalam tetapan pemberitahuan.',
  },
  ja: {
    daily: '日次レポート：{merchant}、{period}',
    weekly: '週次レポート：{merchant}、{period}',
    sales: '取引件数',
    revenue: '売上',
    top: '売上上位の機器',
    idle: '取引のない機器',
    none: 'なし',
    faults: '故障',
    attached: 'この期間の取引記録を表計算ファイル（XLSX）で添付しています。',
    footer: '通知設定でこのレポートを選択しているため、お送りしています。',
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type ReportMail = { subject: string; text: string; html: string; language: string };

/** The report as an e-mail in the member's language (English when it has none of the eight). */
export function reportMail(summary: ReportSummary, language: string | null): ReportMail {
  const lang = language && texts[language] ? language : 'en';
  const t = texts[lang]!;
  const locale = lang === 'en' ? 'en-US' : lang;
  const exponent = currencyExponent(summary.currency);
  const money = (minor: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: summary.currency }).format(minor / 10 ** exponent);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const { firstDay, lastDay } = summary.window;
  const period = firstDay === lastDay ? firstDay : `${firstDay} – ${lastDay}`;
  const subject = t[summary.window.period].replace('{merchant}', summary.merchantName).replace('{period}', period);
  const top = summary.topMachines.map((m) => `${m.name}: ${money(m.revenue)} (${count(m.sales)})`);
  const rows: [string, string][] = [
    [t.sales, count(summary.sales)],
    [t.revenue, money(summary.revenue)],
    [t.faults, count(summary.faults)],
  ];
  const list = (items: string[]) => (items.length ? items : [t.none]);
  const text = [
    subject,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t.top}:`,
    ...list(top).map((line) => `- ${line}`),
    '',
    `${t.idle}:`,
    ...list(summary.idleMachines).map((line) => `- ${line}`),
    '',
    t.attached,
    '',
    '--',
    t.footer,
    '',
  ].join('\n');
  const htmlList = (items: string[]) =>
    `<ul>${list(items)
      .map((item) => `<li>${escapeHtml(item)}</li>`)
      .join('')}</ul>`;
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f1f1f;margin:0;padding:24px;background:#f5f5f5">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<table style="border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
<h2 style="font-size:15px;margin:16px 0 4px">${escapeHtml(t.top)}</h2>${htmlList(top)}
<h2 style="font-size:15px;margin:16px 0 4px">${escapeHtml(t.idle)}</h2>${htmlList(summary.idleMachines)}
<p style="font-size:14px">${escapeHtml(t.attached)}</p>
<p style="font-size:12px;color:#595959;margin:16px 0 0">${escapeHtml(t.footer)}</p>
</div></body></html>`;
  return { subject, text, html, language: lang };
}
