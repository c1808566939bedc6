import type en from '../en-US/request';

/** 일반 요청 오류. */
const request: typeof en = {
  noPermission: '로그인/권한 없음',
  denied: '요청이 거부되었습니다',
  timeout: '요청 시간이 초과되었습니다. 다시 시도해 주세요.',
  network: '네트워크 오류: {{message}}',
  failed: '요청 실패 ({{status}})',
};
export default request;
