import type { LanguageCode } from './constants';

// What the done alert of a place's public page says on the customer's phone (Web Push), in the language
// the page was showing when they asked. {machine} and {place} are filled in.

type DoneText = { title: string; body: string };

export const doneAlertTexts: Record<LanguageCode, DoneText> = {
  'zh-TW': { title: '{machine} 已完成', body: '{place}：您的程序已結束，請取回衣物。' },
  en: { title: '{machine} is done', body: '{place}: your cycle has ended. Time to collect.' },
  'zh-HK': { title: '{machine} 已完成', body: '{place}：你的程序已完成，請取回衣物。' },
  th: { title: '{machine} เสร็จแล้ว', body: '{place}: รอบของคุณเสร็จแล้ว มารับได้เลย' },
  vi: { title: '{machine} đã xong', body: '{place}: chu trình của bạn đã kết thúc. Mời bạn đến lấy đồ.' },
  ms: { title: '{machine} sudah siap', body: '{place}: kitaran anda telah tamat. Sila ambil.' },
  'zh-CN': { title: '{machine} 已完成', body: '{place}：您的程序已结束，请取回衣物。' },
  ja: { title: '{machine} が終わりました', body: '{place}：運転が終わりました。お引き取りください。' },
};

/** The alert's title and body for a machine and place, in `language` (English for one we do not know). */
export function doneAlertText(language: string, values: { machine: string; place: string }): DoneText {
  const text = doneAlertTexts[language as LanguageCode] ?? doneAlertTexts.en;
  const fill = (template: string) =>
    template.replace('{machine}', () => values.machine).replace('{place}', () => values.place);
  return { title: fill(text.title), body: fill(text.body) };
}
