import { useQuery } from '@tanstack/react-query';
import { shellKeys } from './query-keys';
import { type Envelope, request } from './request';
import type { SessionUser } from './session';

/** Personal centre calls (spec §7 'user: profile get/put, profile/updatePwd, profile/avatar'). */
export interface ProfileResponse extends Envelope<SessionUser> {
  roleGroup?: string;
  postGroup?: string;
}

export const fetchProfile = () => request.get<ProfileResponse>('/system/user/profile');

export const useProfile = () => useQuery({ queryKey: shellKeys.profile, queryFn: fetchProfile });

export interface ProfileUpdate {
  nickName: string;
  /** The display name in English and Thai ('' = the typed name shows; ADR 0007). */
  nickNameEn?: string;
  nickNameTh?: string;
  phonenumber?: string;
  email?: string;
  sex?: string;
}

export const updateProfile = (body: ProfileUpdate) => request.put<Envelope>('/system/user/profile', body);

export const updateOwnPassword = (body: { oldPassword: string; newPassword: string }) =>
  request.put<Envelope>('/system/user/profile/updatePwd', body);

export async function uploadAvatar(file: Blob, fileName = 'avatar.png'): Promise<string> {
  const form = new FormData();
  form.append('avatarfile', file, fileName);
  const answer = await request.post<Envelope & { imgUrl?: string; data?: { imgUrl?: string } }>(
    '/system/user/profile/avatar',
    form,
    {
      headers: { 'Content-Type': 'multipart/form-data' },
    },
  );
  return answer.imgUrl ?? answer.data?.imgUrl ?? '';
}
