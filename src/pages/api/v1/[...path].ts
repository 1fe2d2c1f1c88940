import type { APIRoute } from 'astro';
import { getApp } from '~/server/api/app.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request }) => getApp().fetch(request);
