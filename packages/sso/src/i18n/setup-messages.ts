import type { LanguageCode } from '@sbo/contracts/constants';

/**
 * The texts of the first start's set-up pages (the api serves them until the first root account
 * exists). `{email}` marks where the (escaped) email goes.
 */
export type SetupMessages = {
  title: string;
  intro: string;
  /** With an external sign-in service: no password is set here. */
  introExternal: string;
  nameLabel: string;
  confirmLabel: string;
  button: string;
  passwordMismatch: string;
  doneTitle: string;
  doneText: string;
  doneAction: string;
  invalidTitle: string;
  invalidText: string;
  alreadyTitle: string;
  alreadyText: string;
  noticeTitle: string;
  noticeText: string;
};

const en: SetupMessages = {
  title: 'Set up the back-office',
  intro:
    'Create the first root account: the service agent who can act for every merchant. This link works once, within an hour of the server starting.',
  introExternal:
    'Name the first root account: the service agent who can act for every merchant. They sign in with this email at your sign-in service; no password is set here. This link works once, within an hour of the server starting.',
  nameLabel: 'Display name',
  confirmLabel: 'Repeat the password',
  button: 'Create the root account',
  passwordMismatch: 'The two passwords are not the same. Type the same password twice.',
  doneTitle: 'The back-office is set up',
  doneText: 'The root account {email} is ready. Sign in with it to start.',
  doneAction: 'Sign in',
  invalidTitle: 'This set-up link does not work',
  invalidText:
    'It is wrong, it was already used, or it has expired (a link works for one hour). Start the server again: while there is no root account, it prints a new link.',
  alreadyTitle: 'The back-office is already set up',
  alreadyText: 'Its first root account exists. Sign in to continue.',
  noticeTitle: 'The back-office is being set up',
  noticeText:
    'It opens once its first root account has been created. The one-time set-up link was printed when the server started.',
};

const zhTW: SetupMessages = {
  title: '設定後台',
  intro: '建立第一個 root 帳號：可代理所有商家的服務人員。此連結只能使用一次，並在伺服器啟動後一小時內有效。',
  introExternal:
    '指定第一個 root 帳號：可代理所有商家的服務人員。此人以這個電子郵件在您的登入服務登入，這裡不設定密碼。此連結只能使用一次，並在伺服器啟動後一小時內有效。',
  nameLabel: '顯示名稱',
  confirmLabel: '再次輸入密碼',
  button: '建立 root 帳號',
  passwordMismatch: '兩次輸入的密碼不一致，請輸入相同的密碼兩次。',
  doneTitle: '後台設定完成',
  doneText: 'root 帳號 {email} 已可使用，請用它登入開始使用。',
  doneAction: '登入',
  invalidTitle: '此設定連結無法使用',
  invalidText:
    '連結錯誤、已使用過，或已過期（連結效期為一小時）。請重新啟動伺服器：在沒有 root 帳號時，它會印出新的連結。',
  alreadyTitle: '後台已設定完成',
  alreadyText: '第一個 root 帳號已存在，請登入繼續。',
  noticeTitle: '後台設定中',
  noticeText: '建立第一個 root 帳號後即可使用。一次性的設定連結已在伺服器啟動時印出。',
};

const zhHK: SetupMessages = {
  title: '設定後台',
  intro: '建立第一個 root 帳戶：可代表所有商戶處理事務的服務人員。此連結只可使用一次，並於伺服器啟動後一小時內有效。',
  introExternal:
    '指定第一個 root 帳戶：可代表所有商戶處理事務的服務人員。此人以這個電郵在你的登入服務登入，這裏不設定密碼。此連結只可使用一次，並於伺服器啟動後一小時內有效。',
  nameLabel: '顯示名稱',
  confirmLabel: '再次輸入密碼',
  button: '建立 root 帳戶',
  passwordMismatch: '兩次輸入的密碼不相同，請輸入相同的密碼兩次。',
  doneTitle: '後台已設定好',
  doneText: 'root 帳戶 {email} 已可使用，請用它登入開始使用。',
  doneAction: '登入',
  invalidTitle: '此設定連結無法使用',
  invalidText:
    '連結錯誤、已使用過，或已失效（連結有效期為一小時）。請重新啟動伺服器：未有 root 帳戶時，它會印出新連結。',
  alreadyTitle: '後台已設定好',
  alreadyText: '第一個 root 帳戶已存在，請登入繼續。',
  noticeTitle: '後台設定中',
  noticeText: '建立第一個 root 帳戶後即可使用。一次性設定連結已於伺服器啟動時印出。',
};

const zhCN: SetupMessages = {
  title: '设置后台',
  intro: '创建第一个 root 账号：可代理所有商户的服务人员。此链接只能使用一次，并在服务器启动后一小时内有效。',
  introExternal:
    '指定第一个 root 账号：可代理所有商户的服务人员。此人用这个邮箱在您的登录服务登录，这里不设置密码。此链接只能使用一次，并在服务器启动后一小时内有效。',
  nameLabel: '显示名称',
  confirmLabel: '再次输入密码',
  button: '创建 root 账号',
  passwordMismatch: '两次输入的密码不一致，请输入相同的密码两次。',
  doneTitle: '后台设置完成',
  doneText: 'root 账号 {email} 已可使用，请用它登录开始使用。',
  doneAction: '登录',
  invalidTitle: '此设置链接无法使用',
  invalidText:
    '链接错误、已使用过或已过期（链接有效期为一小时）。请重新启动服务器：没有 root 账号时，它会打印新的链接。',
  alreadyTitle: '后台已设置完成',
  alreadyText: '第一个 root 账号已存在，请登录继续。',
  noticeTitle: '后台设置中',
  noticeText: '创建第一个 root 账号后即可使用。一次性设置链接已在服务器启动时打印。',
};

const ja: SetupMessages = {
  title: '管理画面のセットアップ',
  intro:
    '最初の root アカウントを作成します。すべての加盟店の代わりに操作できるサービス担当者です。このリンクは 1 回だけ、サーバーの起動から 1 時間以内に使えます。',
  introExternal:
    '最初の root アカウントを指定します。すべての加盟店の代わりに操作できるサービス担当者です。このメールアドレスでお使いのログインサービスにログインします。ここではパスワードを設定しません。このリンクは 1 回だけ、サーバーの起動から 1 時間以内に使えます。',
  nameLabel: '表示名',
  confirmLabel: 'パスワード（確認）',
  button: 'root アカウントを作成',
  passwordMismatch: '2 つのパスワードが一致しません。同じパスワードを 2 回入力してください。',
  doneTitle: 'セットアップが完了しました',
  doneText: 'root アカウント {email} の準備ができました。このアカウントでログインして始めましょう。',
  doneAction: 'ログイン',
  invalidTitle: 'このセットアップリンクは使えません',
  invalidText:
    'リンクが間違っているか、すでに使われたか、有効期限（1 時間）が切れています。サーバーを再起動してください。root アカウントがない間は、新しいリンクが表示されます。',
  alreadyTitle: 'セットアップは完了しています',
  alreadyText: '最初の root アカウントはすでにあります。ログインして続けてください。',
  noticeTitle: '管理画面をセットアップしています',
  noticeText:
    '最初の root アカウントが作成されると利用できます。1 回限りのセットアップリンクは、サーバーの起動時に表示されました。',
};

const th: SetupMessages = {
  title: 'ตั้งค่าระบบหลังบ้าน',
  intro: 'สร้างบัญชี root บัญชีแรก: เจ้าหน้าที่บริการที่ดำเนินการแทนร้านค้าได้ทุกร้าน ลิงก์นี้ใช้ได้ครั้งเดียว ภายในหนึ่งชั่วโมงหลังเซิร์ฟเวอร์เริ่มทำงาน',
  introExternal:
    'ระบุบัญชี root บัญชีแรก: เจ้าหน้าที่บริการที่ดำเนินการแทนร้านค้าได้ทุกร้าน ผู้นี้จะเข้าสู่ระบบด้วยอีเมลนี้ที่บริการเข้าสู่ระบบของคุณ ไม่มีการตั้งรหัสผ่านที่นี่ ลิงก์นี้ใช้ได้ครั้งเดียว ภายในหนึ่งชั่วโมงหลังเซิร์ฟเวอร์เริ่มทำงาน',
  nameLabel: 'ชื่อที่แสดง',
  confirmLabel: 'ใส่รหัสผ่านอีกครั้ง',
  button: 'สร้างบัญชี root',
  passwordMismatch: 'รหัสผ่านทั้งสองไม่ตรงกัน โปรดพิมพ์รหัสผ่านเดียวกันสองครั้ง',
  doneTitle: 'ตั้งค่าระบบหลังบ้านเรียบร้อยแล้ว',
  doneText: 'บัญชี root {email} พร้อมใช้งานแล้ว เข้าสู่ระบบด้วยบัญชีนี้เพื่อเริ่มต้น',
  doneAction: 'เข้าสู่ระบบ',
  invalidTitle: 'ลิงก์ตั้งค่านี้ใช้ไม่ได้',
  invalidText:
    'ลิงก์ไม่ถูกต้อง ถูกใช้ไปแล้ว หรือหมดอายุแล้ว (ลิงก์ใช้ได้หนึ่งชั่วโมง) โปรดเริ่มเซิร์ฟเวอร์ใหม่: ระหว่างที่ยังไม่มีบัญชี root เซิร์ฟเวอร์จะแสดงลิงก์ใหม่',
  alreadyTitle: 'ระบบหลังบ้านตั้งค่าไว้แล้ว',
  alreadyText: 'มีบัญชี root บัญชีแรกอยู่แล้ว โปรดเข้าสู่ระบบเพื่อดำเนินการต่อ',
  noticeTitle: 'กำลังตั้งค่าระบบหลังบ้าน',
  noticeText: 'ระบบจะเปิดใช้งานเมื่อสร้างบัญชี root บัญชีแรกแล้ว ลิงก์ตั้งค่าแบบใช้ครั้งเดียวถูกแสดงตอนที่เซิร์ฟเวอร์เริ่มทำงาน',
};

const vi: SetupMessages = {
  title: 'Thiết lập trang quản trị',
  intro:
    'Tạo tài khoản root đầu tiên: nhân viên dịch vụ có thể thao tác thay cho mọi đơn vị kinh doanh. Liên kết này chỉ dùng được một lần, trong vòng một giờ sau khi máy chủ khởi động.',
  introExternal:
    'Chỉ định tài khoản root đầu tiên: nhân viên dịch vụ có thể thao tác thay cho mọi đơn vị kinh doanh. Người này đăng nhập bằng email này tại dịch vụ đăng nhập của bạn; ở đây không đặt mật khẩu. Liên kết này chỉ dùng được một lần, trong vòng một giờ sau khi máy chủ khởi động.',
  nameLabel: 'Tên hiển thị',
  confirmLabel: 'Nhập lại mật khẩu',
  button: 'Tạo tài khoản root',
  passwordMismatch: 'Hai mật khẩu không giống nhau. Vui lòng nhập cùng một mật khẩu hai lần.',
  doneTitle: 'Đã thiết lập xong trang quản trị',
  doneText: 'Tài khoản root {email} đã sẵn sàng. Hãy đăng nhập bằng tài khoản này để bắt đầu.',
  doneAction: 'Đăng nhập',
  invalidTitle: 'Liên kết thiết lập này không dùng được',
  invalidText:
    'Liên kết sai, đã được dùng hoặc đã hết hạn (liên kết có hiệu lực một giờ). Hãy khởi động lại máy chủ: khi chưa có tài khoản root, máy chủ sẽ in ra liên kết mới.',
  alreadyTitle: 'Trang quản trị đã được thiết lập',
  alreadyText: 'Tài khoản root đầu tiên đã tồn tại. Vui lòng đăng nhập để tiếp tục.',
  noticeTitle: 'Trang quản trị đang được thiết lập',
  noticeText:
    'Trang sẽ mở khi tài khoản root đầu tiên được tạo. Liên kết thiết lập dùng một lần đã được in ra khi máy chủ khởi động.',
};

const ms: SetupMessages = {
  title: 'Sediakan sistem pengurusan',
  intro:
    'Cipta akaun root yang pertama: ejen perkhidmatan yang boleh bertindak bagi pihak setiap peniaga. Pautan ini berfungsi sekali sahaja, dalam masa sejam selepas pelayan bermula.',
  introExternal:
    'Namakan akaun root yang pertama: ejen perkhidmatan yang boleh bertindak bagi pihak setiap peniaga. Mereka log masuk dengan e-mel ini di perkhidmatan log masuk anda; tiada kata laluan ditetapkan di sini. Pautan ini berfungsi sekali sahaja, dalam masa sejam selepas pelayan bermula.',
  nameLabel: 'Nama paparan',
  confirmLabel: 'Ulang kata laluan',
  button: 'Cipta akaun root',
  passwordMismatch: 'Kedua-dua kata laluan tidak sama. Taip kata laluan yang sama dua kali.',
  doneTitle: 'Sistem pengurusan telah disediakan',
  doneText: 'Akaun root {email} sudah sedia. Log masuk dengannya untuk bermula.',
  doneAction: 'Log masuk',
  invalidTitle: 'Pautan persediaan ini tidak berfungsi',
  invalidText:
    'Pautan ini salah, sudah digunakan, atau telah tamat tempoh (pautan sah selama sejam). Mulakan semula pelayan: selagi tiada akaun root, ia mencetak pautan baharu.',
  alreadyTitle: 'Sistem pengurusan sudah disediakan',
  alreadyText: 'Akaun root yang pertama sudah wujud. Log masuk untuk meneruskan.',
  noticeTitle: 'Sistem pengurusan sedang disediakan',
  noticeText:
    'Ia dibuka setelah akaun root yang pertama dicipta. Pautan persediaan sekali guna telah dicetak semasa pelayan bermula.',
};

const SETUP_MESSAGES: Record<LanguageCode, SetupMessages> = {
  'zh-TW': zhTW,
  en,
  'zh-HK': zhHK,
  th,
  vi,
  ms,
  'zh-CN': zhCN,
  ja,
};

export function setupMessagesFor(locale: LanguageCode): SetupMessages {
  return SETUP_MESSAGES[locale];
}
