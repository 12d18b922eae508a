import { machineTypes, type LanguageCode } from './constants';

type MachineTypeName = keyof typeof machineTypes;
type Names = Record<LanguageCode, string>;

const name = (
  zhTW: string,
  en: string,
  zhHK: string,
  th: string,
  vi: string,
  ms: string,
  zhCN: string,
  ja: string,
): Names => ({
  'zh-TW': zhTW,
  en,
  'zh-HK': zhHK,
  th,
  vi,
  ms,
  'zh-CN': zhCN,
  ja,
});

/** Machine type names in the eight languages, served with bindable devices (spec section 3). */
export const machineTypeNames: Record<MachineTypeName, Names> = {
  All: name('全部', 'All', '全部', 'ทั้งหมด', 'Tất cả', 'Semua', '全部', 'すべて'),
  None: name('無', 'None', '無', 'ไม่มี', 'Không có', 'Tiada', '无', 'なし'),
  WashOnly: name('洗衣機', 'Washer', '洗衣機', 'เครื่องซักผ้า', 'Máy giặt', 'Mesin basuh', '洗衣机', '洗濯機'),
  DryOnly: name('烘乾機', 'Dryer', '乾衣機', 'เครื่องอบผ้า', 'Máy sấy', 'Mesin pengering', '烘干机', '乾燥機'),
  Laundry: name(
    '洗脫烘機',
    'Washer-dryer',
    '洗衣乾衣機',
    'เครื่องซักอบ',
    'Máy giặt sấy',
    'Mesin basuh-kering',
    '洗烘一体机',
    '洗濯乾燥機',
  ),
  PetOnly: name(
    '寵物洗衣機',
    'Pet washer',
    '寵物洗衣機',
    'เครื่องซักผ้าสัตว์เลี้ยง',
    'Máy giặt đồ thú cưng',
    'Mesin basuh haiwan',
    '宠物洗衣机',
    'ペット用洗濯機',
  ),
  Water: name('售水機', 'Water station', '售水機', 'ตู้น้ำดื่ม', 'Trạm nước', 'Stesen air', '售水机', '給水機'),
  CarWashing: name('洗車機', 'Car wash', '洗車機', 'เครื่องล้างรถ', 'Máy rửa xe', 'Mesin cuci kereta', '洗车机', '洗車機'),
  Detergent: name(
    '洗劑販賣機',
    'Detergent dispenser',
    '洗衣液售賣機',
    'เครื่องจำหน่ายน้ำยาซักผ้า',
    'Máy bán nước giặt',
    'Mesin detergen',
    '洗衣液售卖机',
    '洗剤販売機',
  ),
  MoneyChanger: name(
    '兌幣機',
    'Coin changer',
    '找換機',
    'เครื่องแลกเหรียญ',
    'Máy đổi tiền xu',
    'Mesin tukar syiling',
    '兑币机',
    '両替機',
  ),
  ClawVending: name(
    '夾娃娃機',
    'Claw machine',
    '夾公仔機',
    'ตู้คีบตุ๊กตา',
    'Máy gắp thú',
    'Mesin cakar',
    '抓娃娃机',
    'クレーンゲーム',
  ),
  VendingMachine: name(
    '自動販賣機',
    'Vending machine',
    '自動售賣機',
    'ตู้จำหน่ายสินค้าอัตโนมัติ',
    'Máy bán hàng tự động',
    'Mesin layan diri',
    '自动售货机',
    '自動販売機',
  ),
  Kiosk: name('自助服務機', 'Kiosk', '自助服務機', 'ตู้คีออสก์', 'Ki-ốt', 'Kiosk', '自助服务机', 'キオスク端末'),
};

const nameByNumber = new Map(
  Object.entries(machineTypes).map(([key, value]) => [value as number, machineTypeNames[key as MachineTypeName]]),
);

/** The names of a machine type number; an unknown number reads as None. */
export const machineTypeName = (type: number): Names => nameByNumber.get(type) ?? machineTypeNames.None;
