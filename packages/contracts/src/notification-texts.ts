import { matchLanguage } from './languages';
import type { NotificationKind } from './notifications';

// What a notification says on a phone, in LINE and in an e-mail (docs/notifications.md), in each
// interface language. The api fills them in the member's language (users.locale, English when unset);
// the web may reuse them. A language missing here falls back to English.

type Phrase = { title: string; body: string };
export type NotificationTextKind = NotificationKind | 'test';

type Texts = {
  /** How a machine is named with its place: {device}, {place}. */
  where: string;
  /** A machine whose name is not known (deleted since). */
  someMachine: string;
  /** Before the title of a critical notification. */
  critical: string;
  /** The e-mail's button to the screen that explains it. */
  open: string;
  /** The e-mail's last line: why the member gets it. */
  footer: string;
  kinds: Record<NotificationTextKind, Phrase>;
};

const en: Texts = {
  where: '{device} at {place}',
  someMachine: 'A machine',
  critical: 'Critical',
  open: 'Open in the back office',
  footer: 'You receive this because of your notification settings in the back office.',
  kinds: {
    deviceOffline: { title: 'Machine offline', body: '{where} went offline at {time}.' },
    deviceOnline: { title: 'Machine back online', body: '{where} is back online since {time}.' },
    deviceError: { title: 'Machine fault', body: '{where} reported fault {code} at {time}.' },
    settlementFailed: { title: 'Settlement failed', body: 'Settlement failed on {where} at {time} (code {code}).' },
    paymentRefunded: {
      title: 'Payment refunded',
      body: 'A payment on {where} was refunded because the machine did not start ({time}).',
    },
    unverifiedPayment: {
      title: 'Unverified payment',
      body: '{where} reported a payment that could not be verified ({time}).',
    },
    okMachineError: { title: 'OK machine fault', body: 'OK machine {where} reported fault {code} at {time}.' },
    idleMachine: { title: 'Machine idle', body: '{where} has earned nothing for much longer than usual ({time}).' },
    cashBoxFull: { title: 'Cash box nearly full', body: 'The cash box of {where} is nearly full ({time}).' },
    coinDispenserLow: { title: 'Coins running low', body: 'The coin dispenser of {where} is running low ({time}).' },
    billAcceptorFull: {
      title: 'Bill acceptor nearly full',
      body: 'The bill acceptor of {where} is nearly full ({time}).',
    },
    test: { title: 'Test notification', body: 'Notifications reach you on this channel.' },
  },
};

const zhTW: Texts = {
  where: '{place}的{device}',
  someMachine: '一台機台',
  critical: '緊急',
  open: '在後台查看',
  footer: '您會收到這封信，是因為您在後台的通知設定。',
  kinds: {
    deviceOffline: { title: '機台離線', body: '{where}於 {time} 離線。' },
    deviceOnline: { title: '機台恢復連線', body: '{where}已於 {time} 恢復連線。' },
    deviceError: { title: '機台故障', body: '{where}於 {time} 回報故障 {code}。' },
    settlementFailed: { title: '結算失敗', body: '{where}於 {time} 結算失敗（代碼 {code}）。' },
    paymentRefunded: { title: '付款已退款', body: '{where}未啟動，{time} 的付款已退款。' },
    unverifiedPayment: { title: '未驗證的付款', body: '{where}於 {time} 回報一筆無法驗證的付款。' },
    okMachineError: { title: 'OK 機故障', body: 'OK 機{where}於 {time} 回報故障 {code}。' },
    idleMachine: { title: '機台閒置', body: '{where}沒有收入的時間已遠超過平常（{time}）。' },
    cashBoxFull: { title: '錢箱快滿了', body: '{where}的錢箱快滿了（{time}）。' },
    coinDispenserLow: { title: '找零硬幣不足', body: '{where}的找零硬幣快用完了（{time}）。' },
    billAcceptorFull: { title: '紙鈔箱快滿了', body: '{where}的紙鈔箱快滿了（{time}）。' },
    test: { title: '測試通知', body: '您可以透過這個管道收到通知。' },
  },
};

const zhHK: Texts = {
  where: '{place}的{device}',
  someMachine: '一部機器',
  critical: '緊急',
  open: '在後台查看',
  footer: '你收到這封電郵，是因為你在後台的通知設定。',
  kinds: {
    deviceOffline: { title: '機器離線', body: '{where}於 {time} 離線。' },
    deviceOnline: { title: '機器恢復連線', body: '{where}已於 {time} 恢復連線。' },
    deviceError: { title: '機器故障', body: '{where}於 {time} 報告故障 {code}。' },
    settlementFailed: { title: '結算失敗', body: '{where}於 {time} 結算失敗（代碼 {code}）。' },
    paymentRefunded: { title: '付款已退款', body: '{where}未有啟動，{time} 的付款已退款。' },
    unverifiedPayment: { title: '未核實的付款', body: '{where}於 {time} 報告一筆無法核實的付款。' },
    okMachineError: { title: 'OK 機故障', body: 'OK 機{where}於 {time} 報告故障 {code}。' },
    idleMachine: { title: '機器閒置', body: '{where}沒有收入的時間遠超平常（{time}）。' },
    cashBoxFull: { title: '錢箱快滿', body: '{where}的錢箱快滿（{time}）。' },
    coinDispenserLow: { title: '找續硬幣不足', body: '{where}的找續硬幣快用完（{time}）。' },
    billAcceptorFull: { title: '紙幣箱快滿', body: '{where}的紙幣箱快滿（{time}）。' },
    test: { title: '測試通知', body: '你可以透過這個渠道收到通知。' },
  },
};

const zhCN: Texts = {
  where: '{place}的{device}',
  someMachine: '一台机器',
  critical: '紧急',
  open: '在后台查看',
  footer: '您收到这封邮件，是因为您在后台的通知设置。',
  kinds: {
    deviceOffline: { title: '机器离线', body: '{where}于 {time} 离线。' },
    deviceOnline: { title: '机器恢复在线', body: '{where}已于 {time} 恢复在线。' },
    deviceError: { title: '机器故障', body: '{where}于 {time} 上报故障 {code}。' },
    settlementFailed: { title: '结算失败', body: '{where}于 {time} 结算失败（代码 {code}）。' },
    paymentRefunded: { title: '付款已退款', body: '{where}未启动，{time} 的付款已退款。' },
    unverifiedPayment: { title: '未验证的付款', body: '{where}于 {time} 上报一笔无法验证的付款。' },
    okMachineError: { title: 'OK 机故障', body: 'OK 机{where}于 {time} 上报故障 {code}。' },
    idleMachine: { title: '机器闲置', body: '{where}没有收入的时间远超平常（{time}）。' },
    cashBoxFull: { title: '钱箱快满了', body: '{where}的钱箱快满了（{time}）。' },
    coinDispenserLow: { title: '找零硬币不足', body: '{where}的找零硬币快用完了（{time}）。' },
    billAcceptorFull: { title: '纸币箱快满了', body: '{where}的纸币箱快满了（{time}）。' },
    test: { title: '测试通知', body: '您可以通过这个渠道收到通知。' },
  },
};

const th: Texts = {
  where: '{device} ที่ {place}',
  someMachine: 'เครื่องหนึ่ง',
  critical: 'ด่วน',
  open: 'เปิดในระบบหลังบ้าน',
  footer: 'คุณได้รับอีเมลนี้ตามการตั้งค่าการแจ้งเตือนของคุณในระบบหลังบ้าน',
  kinds: {
    deviceOffline: { title: 'เครื่องออฟไลน์', body: '{where} ออฟไลน์เมื่อ {time}' },
    deviceOnline: { title: 'เครื่องกลับมาออนไลน์', body: '{where} กลับมาออนไลน์ตั้งแต่ {time}' },
    deviceError: { title: 'เครื่องขัดข้อง', body: '{where} แจ้งข้อผิดพลาด {code} เมื่อ {time}' },
    settlementFailed: { title: 'การชำระบัญชีล้มเหลว', body: 'การชำระบัญชีของ {where} ล้มเหลวเมื่อ {time} (รหัส {code})' },
    paymentRefunded: { title: 'คืนเงินแล้ว', body: 'การชำระเงินที่ {where} ถูกคืนเงินเพราะเครื่องไม่ทำงาน ({time})' },
    unverifiedPayment: { title: 'การชำระเงินที่ยังไม่ยืนยัน', body: '{where} แจ้งการชำระเงินที่ตรวจสอบไม่ได้ ({time})' },
    okMachineError: { title: 'เครื่อง OK ขัดข้อง', body: 'เครื่อง OK {where} แจ้งข้อผิดพลาด {code} เมื่อ {time}' },
    idleMachine: { title: 'เครื่องไม่มีรายได้', body: '{where} ไม่มีรายได้นานกว่าปกติมาก ({time})' },
    cashBoxFull: { title: 'กล่องเงินใกล้เต็ม', body: 'กล่องเงินของ {where} ใกล้เต็มแล้ว ({time})' },
    coinDispenserLow: { title: 'เหรียญทอนใกล้หมด', body: 'เหรียญทอนของ {where} ใกล้หมดแล้ว ({time})' },
    billAcceptorFull: { title: 'ที่รับธนบัตรใกล้เต็ม', body: 'ที่รับธนบัตรของ {where} ใกล้เต็มแล้ว ({time})' },
    test: { title: 'การแจ้งเตือนทดสอบ', body: 'คุณจะได้รับการแจ้งเตือนผ่านช่องทางนี้' },
  },
};

const vi: Texts = {
  where: '{device} tại {place}',
  someMachine: 'Một máy',
  critical: 'Khẩn cấp',
  open: 'Mở trong trang quản lý',
  footer: 'Bạn nhận được thư này theo cài đặt thông báo của bạn trong trang quản lý.',
  kinds: {
    deviceOffline: { title: 'Máy mất kết nối', body: '{where} mất kết nối lúc {time}.' },
    deviceOnline: { title: 'Máy đã kết nối lại', body: '{where} đã kết nối lại từ {time}.' },
    deviceError: { title: 'Máy báo lỗi', body: '{where} báo lỗi {code} lúc {time}.' },
    settlementFailed: { title: 'Quyết toán thất bại', body: 'Quyết toán tại {where} thất bại lúc {time} (mã {code}).' },
    paymentRefunded: {
      title: 'Đã hoàn tiền',
      body: 'Một khoản thanh toán tại {where} đã được hoàn vì máy không khởi động ({time}).',
    },
    unverifiedPayment: {
      title: 'Thanh toán chưa xác minh',
      body: '{where} báo một khoản thanh toán không thể xác minh ({time}).',
    },
    okMachineError: { title: 'Máy OK báo lỗi', body: 'Máy OK {where} báo lỗi {code} lúc {time}.' },
    idleMachine: {
      title: 'Máy không có doanh thu',
      body: '{where} không có doanh thu lâu hơn nhiều so với thường lệ ({time}).',
    },
    cashBoxFull: { title: 'Hộp tiền sắp đầy', body: 'Hộp tiền của {where} sắp đầy ({time}).' },
    coinDispenserLow: { title: 'Sắp hết tiền xu', body: 'Bộ trả xu của {where} sắp hết ({time}).' },
    billAcceptorFull: { title: 'Hộp tiền giấy sắp đầy', body: 'Bộ nhận tiền giấy của {where} sắp đầy ({time}).' },
    test: { title: 'Thông báo thử', body: 'Bạn sẽ nhận thông báo qua kênh này.' },
  },
};

const ms: Texts = {
  where: '{device} di {place}',
  someMachine: 'Sebuah mesin',
  critical: 'Kritikal',
  open: 'Buka di pejabat belakang',
  footer: 'Anda menerima ini kerana tetapan pemberitahuan anda di pejabat belakang.',
  kinds: {
    deviceOffline: { title: 'Mesin di luar talian', body: '{where} di luar talian pada {time}.' },
    deviceOnline: { title: 'Mesin kembali dalam talian', body: '{where} kembali dalam talian sejak {time}.' },
    deviceError: { title: 'Kerosakan mesin', body: '{where} melaporkan kerosakan {code} pada {time}.' },
    settlementFailed: { title: 'Penyelesaian gagal', body: 'Penyelesaian di {where} gagal pada {time} (kod {code}).' },
    paymentRefunded: {
      title: 'Bayaran dikembalikan',
      body: 'Satu bayaran di {where} dikembalikan kerana mesin tidak bermula ({time}).',
    },
    unverifiedPayment: {
      title: 'Bayaran belum disahkan',
      body: '{where} melaporkan bayaran yang tidak dapat disahkan ({time}).',
    },
    okMachineError: { title: 'Kerosakan mesin OK', body: 'Mesin OK {where} melaporkan kerosakan {code} pada {time}.' },
    idleMachine: { title: 'Mesin tiada hasil', body: '{where} tiada hasil jauh lebih lama daripada biasa ({time}).' },
    cashBoxFull: { title: 'Peti wang hampir penuh', body: 'Peti wang {where} hampir penuh ({time}).' },
    coinDispenserLow: { title: 'Syiling hampir habis', body: 'Pemberi syiling {where} hampir habis ({time}).' },
    billAcceptorFull: {
      title: 'Penerima wang kertas hampir penuh',
      body: 'Penerima wang kertas {where} hampir penuh ({time}).',
    },
    test: { title: 'Pemberitahuan ujian', body: 'Pemberitahuan sampai kepada anda melalui saluran ini.' },
  },
};

const ja: Texts = {
  where: '{place}の{device}',
  someMachine: 'ある機器',
  critical: '緊急',
  open: '管理画面で開く',
  footer: '管理画面の通知設定に基づいてお送りしています。',
  kinds: {
    deviceOffline: { title: '機器がオフライン', body: '{where}が {time} にオフラインになりました。' },
    deviceOnline: { title: '機器がオンラインに復帰', body: '{where}は {time} からオンラインに戻っています。' },
    deviceError: { title: '機器の故障', body: '{where}が {time} に故障 {code} を報告しました。' },
    settlementFailed: { title: '精算に失敗', body: '{where}で {time} に精算に失敗しました（コード {code}）。' },
    paymentRefunded: { title: '支払いを返金', body: '{where}が起動しなかったため、{time} の支払いを返金しました。' },
    unverifiedPayment: { title: '未確認の支払い', body: '{where}が {time} に確認できない支払いを報告しました。' },
    okMachineError: { title: 'OK 機の故障', body: 'OK 機 {where}が {time} に故障 {code} を報告しました。' },
    idleMachine: {
      title: '機器が稼働していません',
      body: '{where}の売上がいつもよりずっと長く途絶えています（{time}）。',
    },
    cashBoxFull: {
      title: 'キャッシュボックスが満杯間近',
      body: '{where}のキャッシュボックスが満杯に近づいています（{time}）。',
    },
    coinDispenserLow: { title: '釣り銭が残りわずか', body: '{where}の釣り銭が残りわずかです（{time}）。' },
    billAcceptorFull: { title: '紙幣収納庫が満杯間近', body: '{where}の紙幣収納庫が満杯に近づいています（{time}）。' },
    test: { title: 'テスト通知', body: 'このチャネルで通知が届きます。' },
  },
};

/** Each language's texts; a language not listed reads English. */
export const notificationTexts: Record<string, Texts> = {
  en,
  'zh-TW': zhTW,
  'zh-HK': zhHK,
  'zh-CN': zhCN,
  th,
  vi,
  ms,
  ja,
};

type NotificationTextValues = {
  device: string | null;
  place: string | null;
  code: number | null;
  /** When it happened, already written for the reader (their language, the merchant's time zone). */
  time: string;
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The language a member's texts are written in: their profile's, English when unset or unknown. */
export function notificationLanguage(locale: string | null | undefined): string {
  if (!locale) return 'en';
  if (notificationTexts[locale]) return locale;
  const matched = matchLanguage(locale);
  return matched && notificationTexts[matched] ? matched : 'en';
}

/** Title, body and the e-mail's extra lines of one notification in one language. */
export function notificationText(
  kind: NotificationTextKind,
  language: string,
  values: NotificationTextValues,
  critical = false,
): { title: string; body: string; open: string; footer: string } {
  const texts = notificationTexts[language] ?? en;
  const phrase = texts.kinds[kind] ?? en.kinds[kind];
  const where = values.device
    ? values.place
      ? fill(texts.where, { device: values.device, place: values.place })
      : values.device
    : texts.someMachine;
  const body = fill(phrase.body, { where, time: values.time, code: values.code === null ? '-' : String(values.code) });
  return {
    title: critical ? `${texts.critical}: ${phrase.title}` : phrase.title,
    body,
    open: texts.open,
    footer: texts.footer,
  };
}

/** When it happened, for the reader: their language, the merchant's time zone. */
export function notificationTime(at: Date, language: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(at);
  } catch {
    return at.toISOString();
  }
}
