/** Terminal map (ko-KR). */
import type en from './en-US';

const messages: typeof en = {
  title: '단말 지도',
  filters: {
    office: '기관',
    allOffices: '모든 기관',
    group: '그룹',
    allGroups: '모든 그룹',
    state: '상태',
    allStates: '모든 상태',
  },
  states: {
    online: '온라인',
    abnormal: '이상 (진행 중인 경보)',
    offline: '오프라인',
  },
  legend: '범례',
  shown: '지도에 단말 {{count}}대',
  loadFailed: '단말을 불러오지 못했습니다: {{message}}',
  search: {
    placeholder: '주소 검색',
    unavailable: '지도 검색 서비스를 사용할 수 없습니다. 잠시 후 다시 시도하세요.',
    noResults: '찾은 장소가 없습니다',
  },
  unpositioned: {
    title: '위치 없음 ({{count}})',
    none: '모든 단말에 위치가 있습니다.',
    more: '외 {{count}}대: 기관이나 그룹으로 필터링하여 확인하세요',
    place: '지도에 배치',
    placing: '지도에서 {{name}}의 위치를 클릭하세요.',
    cancel: '취소',
    ask: '단말에 위치 요청',
    asked: '단말 {{count}}대에 위치를 요청했습니다. 온라인 단말이 곧 응답합니다.',
    askFailed: '단말에 위치를 요청하지 못했습니다: {{message}}',
  },
  move: {
    placeTitle: '{{name}}을(를) 여기에 배치할까요?',
    moveTitle: '{{name}}을(를) 여기로 옮길까요?',
    content: '위도 {{latitude}}, 경도 {{longitude}}. 단말에 새 위치가 전달됩니다.',
    ok: '확인',
    saved: '{{name}}을(를) 지도에 배치했습니다',
    failed: '{{name}}을(를) 배치하지 못했습니다: {{message}}',
    dragHint: '단말을 끌어서 옮길 수 있습니다.',
    noPermission: '단말을 옮기려면 단말 설정 편집 권한이 필요합니다.',
  },
  popup: {
    state: '상태',
    details: '상세',
    info: '단말기 정보',
  },
};

export default messages;
