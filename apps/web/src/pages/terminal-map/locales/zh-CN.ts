/** Terminal map (zh-CN). */
import type en from './en-US';

const messages: typeof en = {
  title: '终端地图',
  filters: {
    office: '机构',
    allOffices: '全部机构',
    group: '分组',
    allGroups: '全部分组',
    state: '状态',
    allStates: '全部状态',
  },
  states: {
    online: '在线',
    abnormal: '异常（有未结束的告警）',
    offline: '离线',
  },
  legend: '图例',
  shown: '地图上共 {{count}} 台终端',
  loadFailed: '终端加载失败：{{message}}',
  search: {
    placeholder: '搜索地址',
    unavailable: '地图搜索服务暂不可用，请稍后再试。',
    noResults: '未找到地点',
  },
  unpositioned: {
    title: '未定位终端（{{count}}）',
    none: '所有终端都已定位。',
    more: '另有 {{count}} 台：按机构或分组筛选以查看',
    place: '在地图上放置',
    placing: '请在地图上点击 {{name}} 所在的位置。',
    cancel: '取消',
    ask: '请求终端上报位置',
    asked: '已请求 {{count}} 台终端上报位置：在线的终端稍后即会回应。',
    askFailed: '无法请求终端上报位置：{{message}}',
  },
  move: {
    placeTitle: '将 {{name}} 放置在此处？',
    moveTitle: '将 {{name}} 移动到此处？',
    content: '纬度 {{latitude}}，经度 {{longitude}}。新位置会同步发送给终端。',
    ok: '确认',
    saved: '{{name}} 已放置到地图上',
    failed: '无法放置 {{name}}：{{message}}',
    dragHint: '拖动终端即可移动其位置。',
    noPermission: '移动终端需要终端设置的编辑权限。',
  },
  popup: {
    state: '状态',
    details: '详情',
    info: '终端信息',
  },
};

export default messages;
