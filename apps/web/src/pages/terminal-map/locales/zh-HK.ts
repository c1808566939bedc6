/** Terminal map (zh-HK). */
import type en from './en-US';

const messages: typeof en = {
  title: '終端地圖',
  filters: {
    office: '機構',
    allOffices: '全部機構',
    group: '分組',
    allGroups: '全部分組',
    state: '狀態',
    allStates: '全部狀態',
  },
  states: {
    online: '在線',
    abnormal: '異常（有未結束的告警）',
    offline: '離線',
  },
  legend: '圖例',
  shown: '地圖上共 {{count}} 台終端',
  loadFailed: '終端載入失敗：{{message}}',
  search: {
    placeholder: '搜尋地址',
    unavailable: '地圖搜尋服務暫不可用，請稍後再試。',
    noResults: '找不到地點',
  },
  unpositioned: {
    title: '未定位終端（{{count}}）',
    none: '所有終端都已定位。',
    more: '另有 {{count}} 台：按機構或分組篩選以查看',
    place: '在地圖上放置',
    placing: '請在地圖上點擊 {{name}} 所在的位置。',
    cancel: '取消',
    ask: '請求終端上報位置',
    asked: '已請求 {{count}} 台終端上報位置：在線的終端稍後即會回應。',
    askFailed: '無法請求終端上報位置：{{message}}',
  },
  move: {
    placeTitle: '將 {{name}} 放置在此處？',
    moveTitle: '將 {{name}} 移動到此處？',
    content: '緯度 {{latitude}}，經度 {{longitude}}。新位置會同步發送給終端。',
    ok: '確認',
    saved: '{{name}} 已放置到地圖上',
    failed: '無法放置 {{name}}：{{message}}',
    dragHint: '拖動終端即可移動其位置。',
    noPermission: '移動終端需要終端設定的編輯權限。',
  },
  popup: {
    state: '狀態',
    details: '詳情',
    info: '終端資訊',
  },
};

export default messages;
