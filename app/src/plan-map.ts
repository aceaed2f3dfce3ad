import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { getJson } from './api';
import { h } from './dom';
import type { LatLngPair } from './plan-model';

export interface MapStop {
  job: string;
  route: string;
  /** 1-based number of the job on its route. */
  sequence: number;
  at: LatLngPair;
  colour: string;
  violated: boolean;
}

export interface MapRoute {
  id: string;
  colour: string;
  line: LatLngPair[];
  /** True when the line joins the stops straight (no road geometry). */
  straight: boolean;
}

export interface MapPlan {
  routes: MapRoute[];
  stops: MapStop[];
  depots: LatLngPair[];
  unrouted: { job: string; at: LatLngPair }[];
}

/** A stop dropped on another: the job goes before it. */
export type DropHandler = (job: string, target: { route: string; sequence: number }) => void;

const dropRadiusPixels = 24;

/**
 * The plan's map: our own road network as the base (no tile server; a tile URL may be given),
 * each route's line in its colour, numbered stops, depots and unrouted jobs. Stops can be dragged
 * onto another stop to move the job there.
 */
export class PlanMap {
  private readonly map: L.Map;
  private readonly renderer = L.canvas({ padding: 0.2 });
  private readonly overlay = L.layerGroup();
  private roadsLoaded = false;
  private stopMarkers: { stop: MapStop; marker: L.Marker }[] = [];
  private editable = false;

  constructor(
    container: HTMLElement,
    private readonly onDrop: DropHandler,
    tileUrl: string | undefined,
  ) {
    this.map = L.map(container, { preferCanvas: true, zoomSnap: 0.25, keyboard: true, attributionControl: true });
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(this.map);
    this.overlay.addTo(this.map);
  }

  /** Draws the plan; the first call fits the view and loads the road network of that area. */
  async show(plan: MapPlan): Promise<void> {
    this.overlay.clearLayers();
    this.stopMarkers = [];
    for (const route of plan.routes) {
      if (route.line.length < 2) continue;
      L.polyline(route.line, {
        color: route.colour,
        weight: 4,
        opacity: 0.85,
        renderer: this.renderer,
        ...(route.straight ? { dashArray: '6 6' } : {}),
      }).addTo(this.overlay);
    }
    for (const depot of plan.depots) {
      L.marker(depot, {
        icon: L.divIcon({ className: 'depot-icon', html: 'D', iconSize: [22, 22] }),
        keyboard: false,
        title: 'Depot',
      }).addTo(this.overlay);
    }
    for (const job of plan.unrouted) {
      L.marker(job.at, {
        icon: L.divIcon({ className: 'unrouted-icon', html: '×', iconSize: [20, 20] }),
        title: `Unrouted: ${job.job}`,
        keyboard: false,
      }).addTo(this.overlay);
    }
    for (const stop of plan.stops) {
      const icon = L.divIcon({
        className: `stop-icon${stop.violated ? ' violated' : ''}`,
        html: `<span style="background:${stop.colour}">${stop.sequence}</span>`,
        iconSize: [24, 24],
      });
      const marker = L.marker(stop.at, {
        icon,
        draggable: this.editable,
        title: `${stop.job} (route ${stop.route}, stop ${stop.sequence})`,
        keyboard: false,
      });
      marker.on('dragend', () => this.dropped(stop, marker));
      marker.addTo(this.overlay);
      this.stopMarkers.push({ stop, marker });
    }
    if (!this.roadsLoaded) {
      const points = [...plan.stops.map((s) => s.at), ...plan.depots, ...plan.unrouted.map((u) => u.at)];
      if (points.length > 0) this.map.fitBounds(L.latLngBounds(points).pad(0.05));
      else this.map.setView([0, 0], 2);
      this.roadsLoaded = true;
      await this.loadRoads(L.latLngBounds(points.length > 0 ? points : [[0, 0]]).pad(0.3));
    }
  }

  private async loadRoads(bounds: L.LatLngBounds): Promise<void> {
    const bbox = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()].map((value) => value.toFixed(5)).join(',');
    const roads = await getJson<{ lines: number[][]; attribution?: string }>(`/v1/map/roads?bbox=${bbox}`);
    const lines = roads.lines.map((flat) => {
      const line: LatLngPair[] = [];
      for (let i = 0; i < flat.length; i += 2) line.push([flat[i]!, flat[i + 1]!]);
      return line;
    });
    const layer = L.polyline(lines, { color: '#9aa4ad', weight: 1.5, opacity: 0.9, renderer: this.renderer, interactive: false });
    layer.addTo(this.map);
    layer.bringToBack();
    if (roads.attribution) this.map.attributionControl.addAttribution(roads.attribution);
  }

  setEditable(editable: boolean): void {
    this.editable = editable;
    for (const { marker } of this.stopMarkers) {
      if (editable) marker.dragging?.enable();
      else marker.dragging?.disable();
    }
  }

  private dropped(stop: MapStop, marker: L.Marker): void {
    const where = this.map.latLngToContainerPoint(marker.getLatLng());
    let best: { stop: MapStop; distance: number } | undefined;
    for (const other of this.stopMarkers) {
      if (other.stop === stop) continue;
      const distance = this.map.latLngToContainerPoint(other.marker.getLatLng()).distanceTo(where);
      if (distance <= dropRadiusPixels && (!best || distance < best.distance)) best = { stop: other.stop, distance };
    }
    marker.setLatLng(stop.at);
    if (best) this.onDrop(stop.job, { route: best.stop.route, sequence: best.stop.sequence });
  }

  invalidateSize(): void {
    this.map.invalidateSize();
  }
}

export function mapContainer(): HTMLElement {
  return h('div', { id: 'map', role: 'region', 'aria-label': 'Map of the plan' });
}
