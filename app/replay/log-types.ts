/**
 * The replay's logs as the contract writes them (openapi/components/schemas/{PoseLog,HandsLog,Keypoint,HandJoint}),
 * their joints in a fixed order, and the packed form the viewer draws from: one Float32Array of x, y and
 * confidence per joint per frame (a missing joint has confidence -1), so a 10-minute log (18,000 frames) crosses
 * from the parsing worker to the page as one transferable buffer instead of half a million objects.
 * Browser-safe and pure.
 */
import type { Schema } from "../api/schemas";

export type PoseLog = Schema<"PoseLog">;
export type HandsLog = Schema<"HandsLog">;
export type Keypoint = Schema<"Keypoint">;
export type HandJoint = Schema<"HandJoint">;
export type PoseJointName = keyof PoseLog["frames"][number]["keypoints"];
export type HandJointName = HandJoint["name"];
export type LogKind = "pose" | "hands";

/** The pose log's 23 keypoints (002 §3: ankles, knees, hips, neck, wrists, elbows, shoulders, nose, eyes, ears, big toes, heels, mid hip). */
export const POSE_JOINTS = [
  "nose", "neck", "leftEye", "rightEye", "leftEar", "rightEar", "leftShoulder", "rightShoulder",
  "leftElbow", "rightElbow", "leftWrist", "rightWrist", "midHip", "leftHip", "rightHip", "leftKnee", "rightKnee",
  "leftAnkle", "rightAnkle", "leftBigToe", "rightBigToe", "leftHeel", "rightHeel",
] as const satisfies readonly PoseJointName[];

/** The hands log's 21 joints per frame (002 §2: wrist, and thumb, index, middle, ring and little finger joints). */
export const HAND_JOINTS = [
  "wrist", "thumbCmc", "thumbMcp", "thumbIp", "thumbTip", "indexMcp", "indexPip", "indexDip", "indexTip",
  "middleMcp", "middlePip", "middleDip", "middleTip", "ringMcp", "ringPip", "ringDip", "ringTip",
  "littleMcp", "littlePip", "littleDip", "littleTip",
] as const satisfies readonly HandJointName[];

/** Per frame and joint: x, y, confidence (-1 when the joint is absent from the frame). */
export const VALUES_PER_JOINT = 3;

export interface PackedLog {
  kind: LogKind;
  frameCount: number;
  jointCount: number;
  /** frameCount × jointCount × 3 values, frame-major, in the order of POSE_JOINTS / HAND_JOINTS. */
  coords: Float32Array;
  /** Hands logs: the side of the hand in each frame (1 = RIGHT, 0 = LEFT). Empty for pose logs. */
  sides: Uint8Array;
  lapInfo: PoseLog["lapInfo"] | null;
  strideInfo: PoseLog["strideInfo"] | null;
  resultFrames: PoseLog["resultFrames"];
}

export const jointsOf = (kind: LogKind): readonly string[] => (kind === "pose" ? POSE_JOINTS : HAND_JOINTS);
